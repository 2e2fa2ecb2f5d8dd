-- reference-select-for-update (correct alternative): the job first locks its
-- job-state row with SELECT ... FOR UPDATE, whatever its token, and only then
-- runs the token-conditioned update (the reference's claim). It locks more
-- than the reference: a job with a stale token still holds the row until its
-- transaction ends, so a takeover waits for it. Nothing it answers or stores
-- differs, and no invariant depends on where it waits.
-- Two statements, run one after the other in one call (inside the job's
-- transaction); the second one's rows are the answer.
select fencing_token
  from job_leases
 where job_key = :job_key::text
   for update;

update job_leases
   set job_token = fencing_token
 where job_key = :job_key::text
   and fencing_token = :token::bigint
returning fencing_token
