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
-- boolean column that says whether the row is a lease now; null when every row
-- whose owner is not null is.
alter table fencecheck_kit_locks add column if not exists held_column text;
-- A library that keeps when a lease was taken or last renewed (a claim or
-- heartbeat time) rather than when it ends: the lease ends one lease length later.
alter table fencecheck_kit_locks add column if not exists last_renewal boolean not null default false;

-- Which of the library's calls runs on this session (acquire, renew or
-- release), as the kit marks it before each one (mark_call.sql); null where
-- nobody marked it, e.g. the library running outside fencecheck.
create or replace function fencecheck_kit_call() returns text language sql stable as $$
    select nullif(current_setting('fencecheck_kit.call', true), '')
$$;

-- The lease length the running call asked for (mark_call.sql), for a table
-- whose until column holds the last renewal. Where nobody said it (the library
-- outside fencecheck, unless the session or the database sets
-- fencecheck_kit.lease_micros), zero: such a lease then counts as ended, and a
-- lock of it takes a new token, which fences the old holder out rather than in.
create or replace function fencecheck_kit_lease_length() returns interval language sql stable as $$
    select coalesce(nullif(current_setting('fencecheck_kit.lease_micros', true), '')::bigint, 0) * interval '1 microsecond'
$$;

-- A time kept as text: as its offset says when it ends with one (ISO 8601,
-- e.g. 2030-01-01T00:00:00.000001Z, as Java's Instant writes it), in UTC when
-- it names none.
create or replace function fencecheck_kit_time(p_text text) returns timestamptz language sql stable as $$
    select case when p_text ~ '[0-9]:[0-9]{2}(\.[0-9]*)?\s*([zZ]|[+-][0-9]{1,2}(:?[0-9]{2})?)\s*$' then p_text::timestamptz
                else p_text::timestamp at time zone 'UTC' end
$$;

-- A column of p_table as SQL finds the name: as written when the table has a
-- column so named, else in lower case when it has that one (an unquoted name
-- folds so: a table created with processorName has processorname), else as
-- written, for the caller to report.
create or replace function fencecheck_kit_column(p_table regclass, p_column text) returns text language sql stable as $$
    select coalesce((select a.attname::text from pg_attribute as a
                      where a.attrelid = p_table and a.attname = btrim(p_column) and a.attnum > 0 and not a.attisdropped),
                    (select a.attname::text from pg_attribute as a
                      where a.attrelid = p_table and a.attname = lower(btrim(p_column)) and a.attnum > 0 and not a.attisdropped),
                    btrim(p_column))
$$;

-- The columns of p_table a comma-separated list names, each as fencecheck_kit_column finds it, in order.
create or replace function fencecheck_kit_columns(p_table regclass, p_columns text) returns text language sql stable as $$
    select string_agg(fencecheck_kit_column(p_table, c), ',' order by n)
      from unnest(string_to_array(p_columns, ',')) with ordinality as u (c, n)
     where btrim(c) <> ''
$$;

-- The lock's name of a row, as SQL over p_row (e.g. 'old.', '($1).', or '' for
-- a query of the table): its name column's value as text, or, for a name of
-- several columns (p_columns separated by commas), their values joined by '/'.
create or replace function fencecheck_kit_name_sql(p_columns text, p_row text) returns text language sql immutable as $$
    select string_agg(format('(%s%I)::text', p_row, btrim(c)), ' || ''/'' || ' order by n)
      from unnest(string_to_array(p_columns, ',')) with ordinality as u (c, n)
     where btrim(c) <> ''
$$;

-- The until column of a row read as timestamptz, as SQL over p_row: a
-- timestamptz as it is, a timestamp without time zone in UTC (as lock libraries
-- that take the database's time write it), text as fencecheck_kit_time reads it.
create or replace function fencecheck_kit_until_sql(p_table regclass, p_column text, p_row text) returns text
language plpgsql stable as $$
declare
    kind regtype;
begin
    select a.atttypid::regtype into kind
      from pg_attribute as a
     where a.attrelid = p_table and a.attname = p_column and a.attnum > 0 and not a.attisdropped;
    if kind is null then
        raise exception '% has no column % (lock.until)', p_table, p_column;
    end if;
    return case
        when kind = 'timestamptz'::regtype then format('%s%I', p_row, p_column)
        when kind = 'timestamp'::regtype then format('(%s%I at time zone ''UTC'')', p_row, p_column)
        when kind in ('text'::regtype, 'character varying'::regtype, 'character'::regtype)
            then format('fencecheck_kit_time(%s%I::text)', p_row, p_column)
        else null
    end;
end
$$;

-- Form (b): the trigger's function. Every row the library inserts, and every
-- update that changes (or, as declared, sets) one of the columns only a new
-- lease changes, is a new lease: the fence of its name moves to the next token, in the library's own
-- statement, so no other session sees the lease without its fence.
-- A renew or a release is never a new lease, whatever it changes: the kit
-- numbers a row change by the call that made it, so a library whose extend is
-- "acquire or prolong" (the row changes as its acquire's would) keeps its
-- holder's token, and a renew that took an ended lease is judged as the
-- revival it is. A row that names no owner, or (with a held column) is not
-- held, is free: no new lease either.
-- The name is read by PostgreSQL's cast to text, as a comparison with a text
-- parameter reads it: a char(n) column (Spring Integration's lock_key) loses
-- its padding, so its fence is found by the name the caller gives.
create or replace function fencecheck_kit_advance_fence() returns trigger language plpgsql as $$
declare
    lock fencecheck_kit_locks;
    name text;
begin
    if fencecheck_kit_call() in ('renew', 'release') then
        return null;
    end if;
    select * into lock from fencecheck_kit_locks as registered where registered.lock_table::regclass = tg_relid;
    if lock.held_column is not null and (to_jsonb(new) ->> lock.held_column) is distinct from 'true' then
        return null;
    end if;
    if (to_jsonb(new) ->> lock.owner_column) is null then
        return null;
    end if;
    execute format('select %s', fencecheck_kit_name_sql(lock.name_column, '($1).')) into name using new;
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
-- Its renew, which sets none of them, is never one. With p_last_renewal the
-- until column holds the last renewal, and a lease had ended once that time
-- plus the running call's lease length had passed.
drop function if exists fencecheck_kit_register(text, text, text, text, text, boolean);
drop function if exists fencecheck_kit_register(text, text, text, text, text, boolean, boolean, boolean);
create or replace function fencecheck_kit_register(p_table text, p_name text, p_owner text, p_until text,
                                                   p_new_lease text, p_when_set boolean, p_when_ended boolean,
                                                   p_valid_through_end boolean, p_last_renewal boolean)
returns text language plpgsql as $$
declare
    tbl     text := p_table::regclass::text;
    missing text;
    cols    text;
    changed text;
begin
    -- the columns as the table has them, so that every later use quotes the name it stores
    p_name := fencecheck_kit_columns(tbl::regclass, p_name);
    p_owner := fencecheck_kit_column(tbl::regclass, p_owner);
    p_until := fencecheck_kit_column(tbl::regclass, p_until);
    p_new_lease := fencecheck_kit_columns(tbl::regclass, p_new_lease);
    select string_agg(btrim(c), ', ') into missing
      from unnest(string_to_array(p_name, ',') || p_owner) as c
     where btrim(c) <> ''
       and not exists (select from pg_attribute as a
                        where a.attrelid = tbl::regclass and a.attname = btrim(c) and a.attnum > 0 and not a.attisdropped);
    if missing is not null then
        raise exception '% has no column % (lock.name, lock.owner)', tbl, missing;
    end if;
    if fencecheck_kit_until_sql(tbl::regclass, p_until, '') is null then
        raise exception 'the kit reads %.% (lock.until) as timestamptz, timestamp (in UTC) or text, not as %', tbl, p_until,
            (select a.atttypid::regtype from pg_attribute as a where a.attrelid = tbl::regclass and a.attname = p_until);
    end if;
    insert into fencecheck_kit_locks (lock_table, name_column, owner_column, until_column, last_renewal)
    values (tbl, p_name, p_owner, p_until, p_last_renewal)
    on conflict (lock_table) do update
       set name_column = excluded.name_column, owner_column = excluded.owner_column, until_column = excluded.until_column,
           last_renewal = excluded.last_renewal;
    if p_new_lease is not null and btrim(p_new_lease) <> '' then
        select string_agg(format('%I', btrim(c)), ', '),
               string_agg(format('old.%1$I is distinct from new.%1$I', btrim(c)), ' or ')
          into cols, changed
          from unnest(string_to_array(p_new_lease, ',')) as c;
        if p_when_ended then
            changed := format('%s or fencecheck_kit_ended(%s%s, %L)', changed, fencecheck_kit_until_sql(tbl::regclass, p_until, 'old.'),
                              case when p_last_renewal then ' + fencecheck_kit_lease_length()' else '' end, p_valid_through_end);
        end if;
        execute format('create or replace trigger fencecheck_kit_new_lease_inserted after insert on %s'
                       ' for each row execute function fencecheck_kit_advance_fence()', tbl);
        -- when changed: an update that sets a column to the value it had (a lease granted again unchanged) is no
        -- new lease; when set: every update that names one of the columns is (a library whose only such update
        -- is its takeover)
        execute format('create or replace trigger fencecheck_kit_new_lease_updated after update of %s on %s'
                       ' for each row %s execute function fencecheck_kit_advance_fence()', cols, tbl,
                       case when p_when_set then '' else format('when (%s)', changed) end);
    end if;
    return tbl;
end
$$;

-- The lease row of one lock name as the library stores it: holder and end (as
-- the until column holds it: the last renewal where it keeps that).
create or replace function fencecheck_kit_lease(p_lock_name text) returns table (owner text, until timestamptz)
language plpgsql stable as $$
declare
    lock fencecheck_kit_locks;
begin
    for lock in select * from fencecheck_kit_locks loop
        return query execute format('select %I::text, (%s)::timestamptz from %s where %s = $1', lock.owner_column,
                                    fencecheck_kit_until_sql(lock.lock_table::regclass, lock.until_column, ''),
                                    lock.lock_table, fencecheck_kit_name_sql(lock.name_column, ''))
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

-- Whether the row of a lock name is held now: false for a row not held (its
-- held column false, or its owner null), the held column's value where the
-- table has one, and null for a row of any other (every row of theirs that
-- names an owner is a lease).
create or replace function fencecheck_kit_held(p_lock_name text) returns boolean language plpgsql stable as $$
declare
    lock fencecheck_kit_locks;
    held boolean;
begin
    for lock in select * from fencecheck_kit_locks loop
        execute format('select %s from %s where %s = $1',
                       case when lock.held_column is not null then format('%I', lock.held_column)
                            else format('case when %I is null then false end', lock.owner_column) end,
                       lock.lock_table, fencecheck_kit_name_sql(lock.name_column, ''))
           into held using p_lock_name;
        if held is not null then
            return held;
        end if;
    end loop;
    return null;
end
$$;
