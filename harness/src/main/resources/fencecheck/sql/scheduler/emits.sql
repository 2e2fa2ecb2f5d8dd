-- Every emit the nodes' runs recorded (fencecheck.kit.JobRun), in the order they were invoked.
select id, run_id, business_key, sink, payload, invoked, answer, completed
  from fencecheck_kit_emits
 order by id
