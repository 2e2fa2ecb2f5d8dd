-- renew(key, owner, token, ttl): article A's renew, valid while now <= until (INCLUSIVE).
-- Only the owner holding the token may extend a lease that is still valid;
-- an expired lease is never revived. Returns the new until, or no row.
with params as (
    select :job_key::text as job_key, :owner::uuid as owner_id, :token::bigint as token, :ttl_micros::bigint * interval '1 microsecond' as ttl
)
update job_leases as lease
   set lease_until = clock_timestamp() + params.ttl
  from params
 where lease.job_key = params.job_key
   and lease.owner_id = params.owner_id
   and lease.fencing_token = params.token
   and lease.lease_until >= clock_timestamp()
returning lease.lease_until
