-- The run's write is about to be sent: which sink, what result, and the
-- database's clock before it (the earliest instant it can take effect at).
update fencecheck_kit_runs
   set sink = :sink, result = :payload, write_invoked = pg_catalog.clock_timestamp()
 where id = :run_id
returning id
