-- The sink's answer to the run's write, and the database's clock after the
-- write committed (the latest instant it can have taken effect at).
update fencecheck_kit_runs
   set write_answer = :answer, write_completed = pg_catalog.clock_timestamp()
 where id = :run_id
returning id
