-- release(key, owner, token): the owner holding the token gives the lease up
-- early. The row is kept, expired one microsecond before now, so its token
-- survives and the next grant continues the sequence. Returns the token, or no row.
with params as (
    select :job_key::text as job_key, :owner::uuid as owner_id, :token::bigint as token
)
update job_leases as lease
   set lease_until = least(lease.lease_until, clock_timestamp() - interval '1 microsecond')
  from params
 where lease.job_key = params.job_key
   and lease.owner_id = params.owner_id
   and lease.fencing_token = params.token
returning lease.fencing_token
