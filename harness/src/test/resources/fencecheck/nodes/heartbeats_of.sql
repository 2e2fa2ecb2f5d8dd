select at from public.fencecheck_node_heartbeat where run = ? and node = ? order by at
