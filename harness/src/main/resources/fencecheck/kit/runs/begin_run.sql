-- A run of a job body starts: its record, with the database's clock.
insert into fencecheck_kit_runs (node, job_key, firing_id, token, started)
values (:node::integer, :job_key, :firing_id, :token, pg_catalog.clock_timestamp())
returning id
