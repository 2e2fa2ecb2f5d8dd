-- db-scheduler's table, as db-scheduler gives it for PostgreSQL.
create table if not exists scheduled_tasks (
    task_name            text not null,
    task_instance        text not null,
    task_data            bytea,
    execution_time       timestamp with time zone not null,
    picked               boolean not null,
    picked_by            text,
    last_success         timestamp with time zone,
    last_failure         timestamp with time zone,
    consecutive_failures int,
    last_heartbeat       timestamp with time zone,
    version              bigint not null,
    priority             smallint,
    primary key (task_name, task_instance)
);
create index if not exists execution_time_idx on scheduled_tasks (execution_time);
create index if not exists last_heartbeat_idx on scheduled_tasks (last_heartbeat);

-- db-scheduler has no fencing token (its version column also moves when an execution is completed or revived,
-- without a new pick). This project numbers the picks: a column on db-scheduler's own row, advanced by a trigger in
-- the very statement that picks the execution (picked goes from false to true). The row outlives each execution,
-- which is rescheduled on completion, so a job's tokens never start again at 1.
alter table scheduled_tasks add column if not exists fencing_token bigint not null default 0;

create or replace function scheduled_tasks_next_token() returns trigger language plpgsql as $$
begin
    new.fencing_token := old.fencing_token + 1;
    return new;
end
$$;

create or replace trigger pick_takes_next_token
    before update of picked on scheduled_tasks
    for each row when (new.picked and not old.picked) execute function scheduled_tasks_next_token();

-- The job's results, in the two sinks of the protocol, each checking the token against the execution's row.
create table if not exists job_result_latest (
    job_key text primary key,
    token   bigint not null,
    payload text   not null
);
comment on table job_result_latest is 'sink kind LATEST_TOKEN_WINS';

create table if not exists job_result_fenced (
    job_key   text,
    result_id text,
    token     bigint not null,
    payload   text   not null,
    primary key (job_key, result_id)
);
comment on table job_result_fenced is 'sink kind CURRENT_FENCE';

-- Latest token wins: the write applies when no result is stored or a lower token is. The token must be one a pick
-- has given (not above the row's token); the row is read FOR SHARE, so no pick commits before this write.
create or replace function write_job_result_latest(p_key text, p_token bigint, p_payload text) returns text
language plpgsql as $$
declare
    granted bigint;
    stored  job_result_latest;
begin
    select fencing_token into granted from scheduled_tasks
     where task_name = 'fencecheck-job' and task_instance = p_key for share;
    if granted is null or granted = 0 or p_token > granted then
        return 'Forged';
    end if;
    insert into job_result_latest as r (job_key, token, payload) values (p_key, p_token, p_payload)
        on conflict (job_key) do update set token = excluded.token, payload = excluded.payload
        where r.token < excluded.token;
    if found then
        return 'Applied';
    end if;
    -- a statement of its own, so it sees a result another session committed while this one waited
    select * into stored from job_result_latest where job_key = p_key;
    if stored.token = p_token then
        return case when stored.payload = p_payload then 'Replayed' else 'Conflict' end;
    end if;
    return 'Stale';
end
$$;

-- Current fence: the write applies only under the token of the execution's latest pick (read FOR SHARE, so no pick
-- moves the fence before this write commits); idempotent by result id.
create or replace function write_job_result_fenced(p_key text, p_token bigint, p_result_id text, p_payload text) returns text
language plpgsql as $$
declare
    fence  bigint;
    stored text;
begin
    select fencing_token into fence from scheduled_tasks
     where task_name = 'fencecheck-job' and task_instance = p_key for share;
    if fence is null or fence = 0 or p_token > fence then
        return 'Forged';
    end if;
    if p_token < fence then
        return 'Stale';
    end if;
    insert into job_result_fenced (job_key, result_id, token, payload) values (p_key, p_result_id, p_token, p_payload)
        on conflict (job_key, result_id) do nothing;
    if found then
        return 'Applied';
    end if;
    select payload into stored from job_result_fenced where job_key = p_key and result_id = p_result_id;
    return case when stored = p_payload then 'Replayed' else 'Conflict' end;
end
$$;
