-- Every run the nodes recorded (fencecheck.kit.JobRun), in the order they began.
select id, node, job_key, firing_id, token, started, sink, result, write_invoked, write_answer, write_completed, ended
  from fencecheck_kit_runs
 order by id
