-- An emit of the run is about to be sent: which outbox statement, the business
-- key and payload, and the database's clock before it (the earliest instant it
-- can take effect at).
insert into fencecheck_kit_emits (run_id, business_key, sink, payload, invoked)
values (:run_id::bigint, :business_key, :sink, :payload, pg_catalog.clock_timestamp())
returning id
