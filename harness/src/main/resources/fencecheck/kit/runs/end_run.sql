-- The run's job body has ended.
update fencecheck_kit_runs
   set ended = pg_catalog.clock_timestamp()
 where id = :run_id
returning id
