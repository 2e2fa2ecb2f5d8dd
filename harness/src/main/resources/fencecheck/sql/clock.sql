-- The harness-owned virtual clock, and the time functions that follow it.
--
-- The clock is the one row of fencecheck_clock.clock, which the harness moves
-- (clock_set.sql, clock_move.sql). Every move is also recorded, by the same
-- statement, in fencecheck_clock.clock_moves with the real time it was made
-- at, so the clock's value at any real instant can be looked up: at the real
-- start of the current transaction, or of the current statement, even when
-- that statement waited on a row lock while the clock moved.
--
-- Sessions of the harness run with
--   search_path = public, fencecheck_clock, pg_catalog
-- (public first, so that a table created unqualified lands there and never
-- here) so an unqualified now(), transaction_timestamp(), statement_timestamp(),
-- clock_timestamp(), timeofday() or one-argument age() resolves to the
-- function of the same name below. The SQL keywords CURRENT_TIMESTAMP,
-- CURRENT_TIME, CURRENT_DATE, LOCALTIMESTAMP and LOCALTIME cannot be shadowed
-- that way: the harness's sessions rewrite them, in every statement text they
-- send, to calls of the schema-qualified functions named after them
-- (fencecheck.db.TimeKeywords).
--
-- now(), transaction_timestamp(), statement_timestamp(), age() and the
-- keywords' functions are stable, like PostgreSQL's own. clock_timestamp() and
-- timeofday() are stable too, unlike PostgreSQL's (volatile: the moment of the
-- call): they read the clock row in the statement's snapshot, so one statement
-- sees one instant. The clock moves only between statements, so that instant
-- is the moment of every call, except in a statement that waited for a row
-- lock while the harness moved the clock: it goes on with the clock of its
-- start, which is how the model judges a statement that waited
-- (JobModel.complete). Declared volatile, they would read the clock as it is
-- at the call, after the wait too, and the model would have to judge a
-- resumed statement's conditions with the clock of its resumption.
--
-- Everything in the bodies is schema-qualified, so they work on any search path.
create schema if not exists fencecheck_clock;

create table if not exists fencecheck_clock.clock (
    only_row boolean primary key default true check (only_row),
    instant  timestamptz not null
);

insert into fencecheck_clock.clock (only_row, instant)
values (true, timestamptz '2030-01-01 00:00:00+00')
on conflict (only_row) do nothing;

-- moved_at: the real time of a move; instant: where it put the clock. The
-- first row (at -infinity) holds the clock as it was when this table appeared.
create table if not exists fencecheck_clock.clock_moves (
    moved_at timestamptz primary key,
    instant  timestamptz not null
);

insert into fencecheck_clock.clock_moves (moved_at, instant)
select timestamptz '-infinity', instant
  from fencecheck_clock.clock
 where not exists (select from fencecheck_clock.clock_moves);

-- The harness's updates of the clock record their move in the same statement (clock_set.sql, clock_move.sql).
-- A trigger did that before, at a third of the move's cost; it goes from a database installed then.
drop trigger if exists record_move on fencecheck_clock.clock;
drop function if exists fencecheck_clock.record_move();

-- Forgets the moves that no running transaction can ask about any more: keeps
-- the last move made before the oldest running transaction started, and every
-- move after it. This runs when a JVM first installs the clock, so the table
-- holds the moves of one JVM's run (a few rows per try; a lookup is one index
-- probe however many there are). Forgetting at every move would cost a few
-- times the move itself, mostly in dead rows that autovacuum has not removed yet.
delete from fencecheck_clock.clock_moves
 where moved_at < (select pg_catalog.max(moved_at)
                     from fencecheck_clock.clock_moves
                    where moved_at <= (select pg_catalog.min(xact_start) from pg_catalog.pg_stat_activity));

-- The virtual time at a real instant: where the last move made at or before it put the clock.
create or replace function fencecheck_clock.clock_at(real_instant timestamptz) returns timestamptz
    language sql stable
    as $$ select instant from fencecheck_clock.clock_moves where moved_at <= real_instant order by moved_at desc limit 1 $$;

-- The virtual time now: the clock row as the statement's snapshot sees it.
create or replace function fencecheck_clock.clock_timestamp() returns timestamptz
    language sql stable
    as $$ select instant from fencecheck_clock.clock $$;

-- The virtual time at the start of the current transaction.
create or replace function fencecheck_clock.transaction_timestamp() returns timestamptz
    language sql stable
    as $$ select fencecheck_clock.clock_at(pg_catalog.transaction_timestamp()) $$;

create or replace function fencecheck_clock.now() returns timestamptz
    language sql stable
    as $$ select fencecheck_clock.clock_at(pg_catalog.transaction_timestamp()) $$;

-- The virtual time at the start of the current statement (of the last command message the client sent).
create or replace function fencecheck_clock.statement_timestamp() returns timestamptz
    language sql stable
    as $$ select fencecheck_clock.clock_at(pg_catalog.statement_timestamp()) $$;

-- timeofday(): clock_timestamp() as text, in the format of PostgreSQL's timeofday().
create or replace function fencecheck_clock.timeofday() returns text
    language sql stable
    as $$ select pg_catalog.to_char(fencecheck_clock.clock_timestamp(), 'Dy Mon DD HH24:MI:SS.US YYYY TZ') $$;

-- age(t) with one argument: from t to midnight of the current date, like PostgreSQL's own.
create or replace function fencecheck_clock.age(timestamptz) returns interval
    language sql stable
    as $$ select pg_catalog.age(fencecheck_clock.now()::pg_catalog.date::pg_catalog.timestamptz, $1) $$;

create or replace function fencecheck_clock.age(timestamp) returns interval
    language sql stable
    as $$ select pg_catalog.age(fencecheck_clock.now()::pg_catalog.date::pg_catalog.timestamp, $1) $$;

-- The SQL keywords, which the harness's sessions rewrite to these calls. Each
-- is now() (the transaction's start) in the keyword's type, rounded to the
-- given number of fractional digits where the keyword takes one, as
-- PostgreSQL computes the keyword itself (which also takes more than 6 digits
-- as 6, with a warning).
create or replace function fencecheck_clock."current_timestamp"() returns timestamptz
    language sql stable
    as $$ select fencecheck_clock.now() $$;

create or replace function fencecheck_clock."current_timestamp"(digits integer) returns timestamptz
    language sql stable
    as $$ select pg_catalog.timestamptz(fencecheck_clock.now(), least(digits, 6)) $$;

create or replace function fencecheck_clock."localtimestamp"() returns timestamp
    language sql stable
    as $$ select fencecheck_clock.now()::pg_catalog.timestamp $$;

create or replace function fencecheck_clock."localtimestamp"(digits integer) returns timestamp
    language sql stable
    as $$ select pg_catalog.timestamp(fencecheck_clock.now()::pg_catalog.timestamp, least(digits, 6)) $$;

create or replace function fencecheck_clock."current_time"() returns timetz
    language sql stable
    as $$ select fencecheck_clock.now()::pg_catalog.timetz $$;

create or replace function fencecheck_clock."current_time"(digits integer) returns timetz
    language sql stable
    as $$ select pg_catalog.timetz(fencecheck_clock.now()::pg_catalog.timetz, least(digits, 6)) $$;

create or replace function fencecheck_clock."localtime"() returns time
    language sql stable
    as $$ select fencecheck_clock.now()::pg_catalog.time $$;

create or replace function fencecheck_clock."localtime"(digits integer) returns time
    language sql stable
    as $$ select pg_catalog.time(fencecheck_clock.now()::pg_catalog.time, least(digits, 6)) $$;

create or replace function fencecheck_clock."current_date"() returns date
    language sql stable
    as $$ select fencecheck_clock.now()::pg_catalog.date $$;
