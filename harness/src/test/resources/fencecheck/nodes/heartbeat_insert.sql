insert into public.fencecheck_node_heartbeat (run, node, at) values (?, ?, pg_catalog.clock_timestamp())
