-- One row per leased resource. A row is never deleted, so epochs never restart.
create table if not exists lf_leases (
    resource   text primary key,
    holder     uuid not null,
    expires_at timestamptz not null,
    epoch      bigint not null,
    released   boolean not null default false
);

-- The fence of each resource: the epoch of its latest grant, written by the
-- same statement as the grant, so a write that holds this row (FOR SHARE)
-- keeps any new grant out until it commits.
create table if not exists lf_fences (
    resource text primary key,
    fence    bigint not null
);

-- Both sinks in one table: sink 'latest' has one row per resource (result_key
-- ''), sink 'fenced' one row per result id.
create table if not exists lf_outputs (
    resource   text not null,
    sink       text not null check (sink in ('latest', 'fenced')),
    result_key text not null,
    epoch      bigint not null,
    body       text not null,
    primary key (resource, sink, result_key)
);
