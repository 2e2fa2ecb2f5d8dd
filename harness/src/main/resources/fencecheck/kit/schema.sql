-- fencecheck's fencing kit: a fencing token for a lock library that has none,
-- and the two sinks that check it. Installed next to the library's own table;
-- idempotent. See FENCING.md.

-- The fence of every lock name: the token of its latest lease. It is never
-- deleted with the library's row, so a name's tokens never start again at 1.
create table if not exists fencecheck_kit_fences (
    lock_name text primary key,
    token     bigint not null
);

-- Sink kind LATEST_TOKEN_WINS: one row per lock name; a write applies when no
-- row is stored or the stored token is lower.
create table if not exists fencecheck_kit_latest (
    job_key text primary key,
    token   bigint not null,
    payload text not null
);
comment on table fencecheck_kit_latest is 'sink kind LATEST_TOKEN_WINS';

-- Sink kind CURRENT_FENCE: applies only under the name's current fence;
-- idempotent by result id.
create table if not exists fencecheck_kit_fenced (
    job_key   text,
    result_id text,
    token     bigint not null,
    payload   text not null,
    primary key (job_key, result_id)
);
comment on table fencecheck_kit_fenced is 'sink kind CURRENT_FENCE';

-- The library tables the kit reads leases from (and, in tests, empties):
-- their name column, holder column and lease-end column.
create table if not exists fencecheck_kit_locks (
    lock_table   text primary key,
    name_column  text not null,
    owner_column text not null,
    until_column text not null
);
-- A library that keeps its row while nobody holds it (db-scheduler) names the
-- boolean column that says whether the row is a lease now; null when every row is.
alter table fencecheck_kit_locks add column if not exists held_column text;

-- Form (b): the trigger's function. Every row the library inserts, and every
-- update that changes (or, as declared, sets) one of the columns only a new
-- lease changes, is a new lease: the fence of its name moves to the next token, in the library's own
-- statement, so no other session sees the lease without its fence.
-- The name is read by PostgreSQL's cast to text, as a comparison with a text
-- parameter reads it: a char(n) column (Spring Integration's lock_key) loses
-- its padding, so its fence is found by the name the caller gives.
create or replace function fencecheck_kit_advance_fence() returns trigger language plpgsql as $$
declare
    held text;
    name text;
begin
    -- with a held column, a row created free or given up is no new lease: only one held after the statement is
    select lock.held_column into held from fencecheck_kit_locks as lock where lock.lock_table::regclass = tg_relid;
    if held is not null and (to_jsonb(new) ->> held) is distinct from 'true' then
        return null;
    end if;
    execute format('select ($1).%I::text', tg_argv[0]) into name using new;
    insert into fencecheck_kit_fences as fence (lock_name, token)
    values (name, 1)
    on conflict (lock_name) do update set token = fence.token + 1;
    return null;
end
$$;

-- Whether a lease that ends at p_until had ended: valid through its end
-- (p_valid_through_end) or over at it, by the clock of the session that runs the
-- library's statement (its search path finds clock_timestamp: the harness's
-- virtual clock in lock step, the server's otherwise).
create or replace function fencecheck_kit_ended(p_until timestamptz, p_valid_through_end boolean) returns boolean
language sql volatile as $$
    select case when p_valid_through_end then p_until < clock_timestamp() else p_until <= clock_timestamp() end
$$;

-- Registers a library table, and for form (b) declares the trigger on it.
-- Identifiers arrive as bind parameters and are quoted here (format's %I), so
-- no caller builds SQL text from them. With p_when_ended, an update that sets one
-- of the new-lease columns of a row whose lease had ended is a new lease too,
-- whoever takes it: a library whose acquire also re-locks its caller's valid
-- lease (Spring Integration's) keeps a re-lock's token and moves it after an end.
-- Its renew, which sets none of them, is never one.
drop function if exists fencecheck_kit_register(text, text, text, text, text, boolean);
create or replace function fencecheck_kit_register(p_table text, p_name text, p_owner text, p_until text,
                                                   p_new_lease text, p_when_set boolean, p_when_ended boolean,
                                                   p_valid_through_end boolean) returns text language plpgsql as $$
declare
    tbl     text := p_table::regclass::text;
    cols    text;
    changed text;
begin
    insert into fencecheck_kit_locks (lock_table, name_column, owner_column, until_column)
    values (tbl, p_name, p_owner, p_until)
    on conflict (lock_table) do update
       set name_column = excluded.name_column, owner_column = excluded.owner_column, until_column = excluded.until_column;
    if p_new_lease is not null and btrim(p_new_lease) <> '' then
        select string_agg(format('%I', btrim(c)), ', '),
               string_agg(format('old.%1$I is distinct from new.%1$I', btrim(c)), ' or ')
          into cols, changed
          from unnest(string_to_array(p_new_lease, ',')) as c;
        if p_when_ended then
            select format('%s or fencecheck_kit_ended(%s, %L)', changed,
                          case when a.atttypid = 'timestamp'::regtype then format('old.%I at time zone ''UTC''', a.attname)
                               else format('old.%I', a.attname) end, p_valid_through_end)
              into changed
              from pg_attribute as a
             where a.attrelid = tbl::regclass and a.attname = p_until;
        end if;
        execute format('create or replace trigger fencecheck_kit_new_lease_inserted after insert on %s'
                       ' for each row execute function fencecheck_kit_advance_fence(%L)', tbl, p_name);
        -- when changed: an update that sets a column to the value it had (a lease granted again unchanged) is no
        -- new lease; when set: every update that names one of the columns is (a library whose only such update
        -- is its takeover)
        execute format('create or replace trigger fencecheck_kit_new_lease_updated after update of %s on %s'
                       ' for each row %s execute function fencecheck_kit_advance_fence(%L)', cols, tbl,
                       case when p_when_set then '' else format('when (%s)', changed) end, p_name);
    end if;
    return tbl;
end
$$;

-- The lease row of one lock name as the library stores it: holder and end. A
-- lease end stored as timestamp without time zone is read as UTC, as lock
-- libraries that take the database's time write it.
create or replace function fencecheck_kit_lease(p_lock_name text) returns table (owner text, until timestamptz)
language plpgsql stable as $$
declare
    lock       fencecheck_kit_locks;
    until_expr text;
begin
    for lock in select * from fencecheck_kit_locks loop
        select case when a.atttypid = 'timestamp'::regtype then format('%I at time zone ''UTC''', a.attname)
                    else format('%I', a.attname) end
          into until_expr
          from pg_attribute as a
         where a.attrelid = lock.lock_table::regclass and a.attname = lock.until_column;
        return query execute format('select %I::text, (%s)::timestamptz from %s where %I = $1',
                                    lock.owner_column, until_expr, lock.lock_table, lock.name_column)
                     using p_lock_name;
    end loop;
end
$$;

-- Empties the registered library tables, for a test's fresh start.
create or replace function fencecheck_kit_delete_locks() returns void language plpgsql as $$
declare
    tbl text;
begin
    for tbl in select lock_table from fencecheck_kit_locks loop
        execute format('delete from %s', tbl);
    end loop;
end
$$;

-- Whether the row of a lock name is held now, for a library table registered
-- with a held column; null for the others (every row of theirs is a lease).
create or replace function fencecheck_kit_held(p_lock_name text) returns boolean language plpgsql stable as $$
declare
    lock fencecheck_kit_locks;
    held boolean;
begin
    for lock in select * from fencecheck_kit_locks where held_column is not null loop
        execute format('select %I from %s where %I = $1', lock.held_column, lock.lock_table, lock.name_column)
           into held using p_lock_name;
        if held is not null then
            return held;
        end if;
    end loop;
    return null;
end
$$;
