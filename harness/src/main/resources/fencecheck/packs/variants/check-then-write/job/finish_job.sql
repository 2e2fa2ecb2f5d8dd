-- check-then-write (known-buggy): the write that follows the earlier check,
-- run just before commit, with no token condition: the check is trusted.
with params as (
    select :job_key::text as job_key, :token::bigint as token
)
update job_leases as lease
   set job_token = params.token
  from params
 where lease.job_key = params.job_key
