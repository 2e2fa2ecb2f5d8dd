-- Sets the virtual clock to the one bound parameter and records the move with the real time it was made at
-- (clock.sql), in one statement. Answers 1 (the move recorded), or 0 when the clock row is missing.
with moved as (
    update fencecheck_clock.clock
       set instant = ?
    returning instant
)
insert into fencecheck_clock.clock_moves (moved_at, instant)
select pg_catalog.clock_timestamp(), instant
  from moved
    on conflict (moved_at) do update set instant = excluded.instant
