-- renew(key, owner, token, ttl), known-buggy: now() is the start of the
-- transaction the call runs in, which may be long before the statement.
with params as (
    select :job_key::text as job_key, :owner::uuid as owner_id, :token::bigint as token,
           :ttl_micros::bigint * interval '1 microsecond' as ttl
)
update job_leases as lease
   set lease_until = now() + params.ttl
  from params
 where lease.job_key = params.job_key
   and lease.owner_id = params.owner_id
   and lease.fencing_token = params.token
   and lease.lease_until >= now()
returning lease.lease_until
