-- fence-read-without-lock (known-buggy): the fenced write reads the fence in
-- a statement of its own, without FOR SHARE, so a grant can move the fence
-- before the write's transaction commits.
select fencing_token
  from job_leases
 where job_key = :job_key::text
