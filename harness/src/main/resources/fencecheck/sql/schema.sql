-- The tables of the reference implementation (PROTOCOL.md), created in the
-- first schema of the installing session's search path (public).

-- One lease per job key. A row is never deleted: a released or expired lease
-- keeps its token, so the next grant continues the sequence instead of
-- restarting it at 1.
create table if not exists job_leases (
    job_key       text primary key,
    owner_id      uuid not null,
    lease_until   timestamptz not null,
    fencing_token bigint not null
);

-- Sink kind LATEST_TOKEN_WINS (article A's results table): one row per job
-- key, a write applies when no row is stored or the stored token is lower.
create table if not exists report_results (
    job_key               text primary key,
    applied_fencing_token bigint not null,
    payload               text not null
);

-- Sink kind CURRENT_FENCE (article B's fenced sink): a write applies only
-- under the key's current fence, the token of its lease row; idempotent by
-- result id.
create table if not exists fenced_results (
    job_key       text,
    result_id     text,
    fencing_token bigint not null,
    payload       text not null,
    primary key (job_key, result_id)
);

comment on table report_results is 'sink kind LATEST_TOKEN_WINS';
comment on table fenced_results is 'sink kind CURRENT_FENCE';
