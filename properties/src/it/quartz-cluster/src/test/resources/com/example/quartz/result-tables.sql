create table if not exists report_result (
    job_key text primary key,
    result text not null,
    node int not null,
    firing_id text not null,
    written_at timestamptz not null);
-- every write, for the test to see the order of the writes
create table if not exists report_write (
    job_key text not null,
    node int not null,
    firing_id text not null,
    written_at timestamptz not null);
