-- The outbox's answer to the emit, and the database's clock after it
-- committed (the latest instant it can have taken effect at).
update fencecheck_kit_emits
   set answer = :answer, completed = pg_catalog.clock_timestamp()
 where id = :emit_id::bigint
returning id
