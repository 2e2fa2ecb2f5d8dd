-- check-then-write (known-buggy): the job checks its token with a plain read
-- of the fence and writes the job-state row in a later statement (see
-- finish_job.sql). Nothing holds the fence in between, so a takeover can
-- commit after the check and the stale job still commits (article B: checking
-- the token and writing must be one atomic step).
select fencing_token
  from job_leases
 where job_key = :job_key::text
   and fencing_token = :token::bigint
