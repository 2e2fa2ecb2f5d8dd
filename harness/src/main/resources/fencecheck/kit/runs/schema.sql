-- fencecheck's fencing kit for a scheduler cluster: each firing of a job is a
-- new lease of its job key, numbered on the kit's fence row by a trigger in the
-- scheduler's own statement, and each run of a job body is recorded as it goes.
-- Installed after the kit's schema.sql (its fences and sinks) and after the
-- scheduler's tables; idempotent. See FENCING.md, "Scheduler clusters".

-- The scheduler tables whose row changes are firings: the columns whose values,
-- as text joined by key_separator, are the job key; the column that names the
-- firing; and, for a scheduler that keeps its row and marks it taken (db-scheduler's
-- picked), the boolean column whose change to true is a firing. Without one,
-- every inserted row is a firing (Quartz's qrtz_fired_triggers).
create table if not exists fencecheck_kit_firing_tables (
    firing_table     text primary key,
    key_columns      text not null,
    key_separator    text not null,
    firing_id_column text not null,
    held_column      text
);

-- Every firing, with the token it advanced its job key's fence to, and the
-- database's clock read after the fence row was taken: a write that reads the
-- fence after this instant waits for the firing's commit and sees its token.
-- No key is unique: the scheduler's statement must never fail on the kit's
-- account (a firing id may come again, e.g. a task inserted anew).
create table if not exists fencecheck_kit_firings (
    id        bigserial primary key,
    job_key   text not null,
    firing_id text not null,
    token     bigint not null,
    at        timestamptz not null
);
create index if not exists fencecheck_kit_firings_of_key on fencecheck_kit_firings (job_key, firing_id);

-- Every run of a job body (fencecheck.kit.JobRun), each column written and
-- committed as soon as it is known, so a killed node's run keeps what it did:
-- its node, job key, firing and token, when it started, its one write (which
-- sink, what result, when invoked, what the sink answered and when), its end.
-- A write whose answer is null was invoked and never answered (a killed or
-- cut node): it may have taken effect or not.
create table if not exists fencecheck_kit_runs (
    id              bigserial primary key,
    node            integer not null,
    job_key         text not null,
    firing_id       text not null,
    token           bigint not null,
    started         timestamptz not null,
    sink            text,
    result          text,
    write_invoked   timestamptz,
    write_answer    text,
    write_completed timestamptz,
    ended           timestamptz
);

-- The job key a row's values name: its key columns' values joined by the
-- separator, or null when one of them is null.
create or replace function fencecheck_kit_firing_key(p_values jsonb, p_columns text, p_separator text)
returns text language sql immutable as $$
    select case when bool_or(p_values ->> btrim(c) is null) then null
                else string_agg(p_values ->> btrim(c), p_separator order by n) end
      from unnest(string_to_array(p_columns, ',')) with ordinality as u (c, n)
$$;

-- The trigger's function: a new firing of the row's job key. Reads its table's
-- registration, advances the fence of the key (continuing the kit's tokens of
-- that name) and records the firing, in the scheduler's statement.
create or replace function fencecheck_kit_record_firing() returns trigger language plpgsql as $$
declare
    registered fencecheck_kit_firing_tables;
    row_values jsonb := to_jsonb(new);
    key        text;
    firing     text;
    next_token bigint;
begin
    select * into registered from fencecheck_kit_firing_tables as t where pg_catalog.to_regclass(t.firing_table) = tg_relid;
    key := fencecheck_kit_firing_key(row_values, registered.key_columns, registered.key_separator);
    firing := row_values ->> registered.firing_id_column;
    -- a row that names no job key is no firing the kit can number; the scheduler's statement goes on regardless
    if key is null then
        return null;
    end if;
    -- in a table of inserted firings, an update is a firing only when it names the key of a row that named none:
    -- Quartz inserts its fired-trigger row when it acquires the trigger, without the job, and names the job when
    -- it fires it
    if tg_op = 'UPDATE' and registered.held_column is null
       and fencecheck_kit_firing_key(to_jsonb(old), registered.key_columns, registered.key_separator) is not null then
        return null;
    end if;
    insert into fencecheck_kit_fences as fence (lock_name, token)
    values (key, 1)
    on conflict (lock_name) do update set token = fence.token + 1
    returning fence.token into next_token;
    insert into fencecheck_kit_firings (job_key, firing_id, token, at)
    values (key, coalesce(firing, ''), next_token, pg_catalog.clock_timestamp());
    return null;
end
$$;

-- Registers a firing table and declares its triggers. Identifiers arrive as
-- bind parameters and are quoted here (format's %I): no caller builds SQL text.
-- Without p_held, a firing is every insert of a row that names its job key, and
-- every update that names the key of a row that named none; with it, every
-- insert of a row held and every update that makes a row held that was not.
create or replace function fencecheck_kit_register_firings(p_table text, p_key_columns text, p_key_separator text,
                                                           p_firing_id text, p_held text)
returns text language plpgsql as $$
declare
    tbl     text := p_table::regclass::text;
    missing text;
begin
    p_key_columns := fencecheck_kit_columns(tbl::regclass, p_key_columns);
    p_firing_id := fencecheck_kit_column(tbl::regclass, p_firing_id);
    p_held := case when nullif(btrim(p_held), '') is null then null else fencecheck_kit_column(tbl::regclass, p_held) end;
    select string_agg(btrim(c), ', ') into missing
      from unnest(string_to_array(p_key_columns, ',') || p_firing_id || p_held) as c
     where c is not null and btrim(c) <> ''
       and not exists (select from pg_attribute as a
                        where a.attrelid = tbl::regclass and a.attname = btrim(c) and a.attnum > 0 and not a.attisdropped);
    if missing is not null then
        raise exception '% has no column % (the firing table''s key, firing id or held column)', tbl, missing;
    end if;
    insert into fencecheck_kit_firing_tables (firing_table, key_columns, key_separator, firing_id_column, held_column)
    values (tbl, p_key_columns, p_key_separator, p_firing_id, p_held)
    on conflict (firing_table) do update
       set key_columns = excluded.key_columns, key_separator = excluded.key_separator,
           firing_id_column = excluded.firing_id_column, held_column = excluded.held_column;
    if p_held is null then
        execute format('create or replace trigger fencecheck_kit_firing_inserted after insert on %s'
                       ' for each row execute function fencecheck_kit_record_firing()', tbl);
        execute format('create or replace trigger fencecheck_kit_firing_keyed after update of %s on %s'
                       ' for each row execute function fencecheck_kit_record_firing()',
                       (select string_agg(format('%I', btrim(c)), ', ') from unnest(string_to_array(p_key_columns, ',')) as c),
                       tbl);
        execute format('drop trigger if exists fencecheck_kit_firing_held on %s', tbl);
    else
        execute format('drop trigger if exists fencecheck_kit_firing_keyed on %s', tbl);
        execute format('create or replace trigger fencecheck_kit_firing_inserted after insert on %s'
                       ' for each row when (new.%I is true) execute function fencecheck_kit_record_firing()', tbl, p_held);
        execute format('create or replace trigger fencecheck_kit_firing_held after update of %I on %s'
                       ' for each row when (new.%I is true and old.%I is not true)'
                       ' execute function fencecheck_kit_record_firing()', p_held, tbl, p_held, p_held);
    end if;
    return tbl;
end
$$;

-- The kit's outbox: every message a job body emitted (JobRun.emit and
-- emitUnfenced), one row per message stored, with the run that stored it. It
-- stands for the consumer's effects: a consumer applies each message it is
-- handed, so a business key of a job key with two rows took effect twice. A
-- fenced emit stores a business key once (the partial unique index, which also
-- settles two fenced emits that race); a plain insert stores it every time.
create table if not exists fencecheck_kit_outbox (
    id           bigserial primary key,
    job_key      text not null,
    business_key text not null,
    token        bigint not null,
    payload      text not null,
    run_id       bigint not null,
    fenced       boolean not null,
    stored       timestamptz not null
);
create unique index if not exists fencecheck_kit_outbox_once on fencecheck_kit_outbox (job_key, business_key) where fenced;

-- Every emit of a run, each column written and committed as soon as it is
-- known, as a run's write is: which outbox statement (fenced or unfenced), the
-- business key and payload, when it was invoked, what it answered and when. An
-- emit whose answer is null was invoked and never answered: it may have taken
-- effect or not.
create table if not exists fencecheck_kit_emits (
    id           bigserial primary key,
    run_id       bigint not null,
    business_key text not null,
    sink         text not null,
    payload      text not null,
    invoked      timestamptz not null,
    answer       text,
    completed    timestamptz
);
