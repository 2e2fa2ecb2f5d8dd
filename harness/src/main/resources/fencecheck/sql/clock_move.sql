-- Moves the virtual clock during a try, as clock_set.sql does. The clock is the harness's own row, so its commit
-- does not wait for the disk (synchronous_commit off for this transaction alone): a commit that waited would
-- flush the WAL up to it, making durable, on the implementation's behalf, every commit the implementation
-- acknowledged without waiting, and a crash a step later could no longer show them lost. After a crash the
-- runner sets the clock again from what the model kept.
with unflushed as (
    select pg_catalog.set_config('synchronous_commit', 'off', true)
),
moved as (
    update fencecheck_clock.clock
       set instant = ?
      from unflushed
    returning instant
)
insert into fencecheck_clock.clock_moves (moved_at, instant)
select pg_catalog.clock_timestamp(), instant
  from moved
    on conflict (moved_at) do update set instant = excluded.instant
