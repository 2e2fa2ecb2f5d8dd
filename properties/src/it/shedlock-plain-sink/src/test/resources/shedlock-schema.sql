-- ShedLock's table, as ShedLock documents it for PostgreSQL.
create table if not exists shedlock (
    name       varchar(64)  not null,
    lock_until timestamp    not null,
    locked_at  timestamp    not null,
    locked_by  varchar(255) not null,
    primary key (name)
);

-- ShedLock has no fencing token; this project adds one to ShedLock's own row. Of ShedLock's statements only
-- the acquire sets locked_at (extend and unlock set lock_until alone), so a trigger on that column gives
-- every grant the next token, in the very statement that grants it. ShedLock never deletes its rows, so a
-- key's tokens never start again at 1.
alter table shedlock add column if not exists fencing_token bigint not null default 1;

create or replace function shedlock_next_token() returns trigger language plpgsql as $$
begin
    new.fencing_token := old.fencing_token + 1;
    return new;
end
$$;

create or replace trigger shedlock_grant_takes_next_token
    before update of locked_at on shedlock
    for each row execute function shedlock_next_token();

-- The job's results, in the protocol's two sinks, written plainly: the token is stored with the result, never
-- compared with anything. The latest result of a key is a plain upsert; a result by id is written once (the same id
-- again is a replay when its payload is the same, a conflict otherwise).
create table if not exists result_latest (
    job_key text primary key,
    token   bigint not null,
    payload text   not null
);
comment on table result_latest is 'sink kind LATEST_TOKEN_WINS';

create table if not exists result_fenced (
    job_key   text,
    result_id text,
    token     bigint not null,
    payload   text   not null,
    primary key (job_key, result_id)
);
comment on table result_fenced is 'sink kind CURRENT_FENCE';

create or replace function write_latest(p_key text, p_token bigint, p_payload text) returns text
language plpgsql as $$
begin
    insert into result_latest (job_key, token, payload) values (p_key, p_token, p_payload)
        on conflict (job_key) do update set token = excluded.token, payload = excluded.payload;
    return 'Applied';
end
$$;

create or replace function write_fenced(p_key text, p_token bigint, p_result_id text, p_payload text) returns text
language plpgsql as $$
declare
    stored text;
begin
    insert into result_fenced (job_key, result_id, token, payload) values (p_key, p_result_id, p_token, p_payload)
        on conflict (job_key, result_id) do nothing;
    if found then
        return 'Applied';
    end if;
    select payload into stored from result_fenced where job_key = p_key and result_id = p_result_id;
    return case when stored = p_payload then 'Replayed' else 'Conflict' end;
end
$$;
