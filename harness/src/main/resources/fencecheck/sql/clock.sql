-- The harness-owned virtual clock. Sessions of the harness run with
--   search_path = fencecheck_clock, pg_catalog, public
-- so the unqualified clock_timestamp() and now() that the protocol's SQL calls
-- resolve to the two functions below and read the one row of the clock table,
-- which the harness moves forward. STABLE: one value for the whole statement.
create schema if not exists fencecheck_clock;

create table if not exists fencecheck_clock.clock (
    only_row boolean primary key default true check (only_row),
    instant  timestamptz not null
);

insert into fencecheck_clock.clock (only_row, instant)
values (true, timestamptz '2030-01-01 00:00:00+00')
on conflict (only_row) do nothing;

create or replace function fencecheck_clock.clock_timestamp() returns timestamptz
    language sql stable
    as $$ select instant from fencecheck_clock.clock $$;

create or replace function fencecheck_clock.now() returns timestamptz
    language sql stable
    as $$ select instant from fencecheck_clock.clock $$;
