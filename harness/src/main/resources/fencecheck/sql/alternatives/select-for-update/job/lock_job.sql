-- reference-select-for-update (correct alternative): the job first locks its
-- job-state row with SELECT ... FOR UPDATE, whatever its token, and only then
-- runs the token-conditioned update (claim.sql, the reference's). It locks
-- more than the reference: a job with a stale token still holds the row until
-- its transaction ends, so a takeover waits for it. Nothing it answers or
-- stores differs, and no invariant depends on where it waits.
select fencing_token
  from job_leases
 where job_key = ?::text
   for update
