-- The job's claim: the token-conditioned update of the job-state row (the
-- lease row of the key). One row back: the token is the fence, the row is
-- now held by this transaction until it ends, and a takeover waits for it.
-- No row: the token is not the fence; the job writes nothing else.
update job_leases
   set job_token = fencing_token
 where job_key = :job_key::text
   and fencing_token = :token::bigint
returning fencing_token
