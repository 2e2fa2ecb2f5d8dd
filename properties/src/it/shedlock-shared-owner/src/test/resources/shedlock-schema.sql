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

-- The job's results, in the two sinks of the protocol, each checking the token against the lock's row.
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

-- Latest token wins: the write applies when no result is stored or a lower token is. The token must be one the
-- lock has granted (not above its row's token); the row is read FOR SHARE, so no grant commits before this write.
create or replace function write_latest(p_key text, p_token bigint, p_payload text) returns text
language plpgsql as $$
declare
    granted bigint;
    stored  result_latest;
begin
    select fencing_token into granted from shedlock where name = p_key for share;
    if granted is null or p_token > granted then
        return 'Forged';
    end if;
    insert into result_latest as r (job_key, token, payload) values (p_key, p_token, p_payload)
        on conflict (job_key) do update set token = excluded.token, payload = excluded.payload
        where r.token < excluded.token;
    if found then
        return 'Applied';
    end if;
    -- a statement of its own, so it sees a result another session committed while this one waited
    select * into stored from result_latest where job_key = p_key;
    if stored.token = p_token then
        return case when stored.payload = p_payload then 'Replayed' else 'Conflict' end;
    end if;
    return 'Stale';
end
$$;

-- Current fence: the write applies only under the token of the lock's latest grant (read FOR SHARE, so no grant
-- moves the fence before this write commits); idempotent by result id.
create or replace function write_fenced(p_key text, p_token bigint, p_result_id text, p_payload text) returns text
language plpgsql as $$
declare
    fence  bigint;
    stored text;
begin
    select fencing_token into fence from shedlock where name = p_key for share;
    if fence is null or p_token > fence then
        return 'Forged';
    end if;
    if p_token < fence then
        return 'Stale';
    end if;
    insert into result_fenced (job_key, result_id, token, payload) values (p_key, p_result_id, p_token, p_payload)
        on conflict (job_key, result_id) do nothing;
    if found then
        return 'Applied';
    end if;
    select payload into stored from result_fenced where job_key = p_key and result_id = p_result_id;
    return case when stored = p_payload then 'Replayed' else 'Conflict' end;
end
$$;
