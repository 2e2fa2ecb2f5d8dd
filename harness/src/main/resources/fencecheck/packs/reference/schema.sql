-- The tables of the reference implementation (model/README.md), created in the
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

-- The job transaction (model/README.md, article A): the lease row is also the
-- job-state row. A job's claim is a token-conditioned update of it that
-- records the claiming token; it holds the row until the transaction ends,
-- and the business rows and the outbox row are written only when it
-- affected one row.
alter table job_leases add column if not exists job_token bigint;

create table if not exists business_rows (
    job_key       text,
    result_id     text,
    fencing_token bigint not null,
    payload       text not null,
    primary key (job_key, result_id)
);

-- Side effects for systems that cannot compare tokens: one message per
-- stable business key (job key and result id), numbered in insertion order.
create table if not exists outbox (
    id            bigserial primary key,
    business_key  text not null unique,
    job_key       text not null,
    result_id     text not null,
    fencing_token bigint not null,
    payload       text not null,
    delivered     boolean not null default false
);

-- The consumer: the business keys it applied, remembered in the same
-- transaction as the effect, and the effects themselves.
create table if not exists consumer_applied (
    business_key text primary key
);

create table if not exists consumer_effects (
    id           bigserial primary key,
    business_key text not null,
    job_key      text not null,
    result_id    text not null,
    payload      text not null
);
