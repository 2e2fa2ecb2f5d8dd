-- KNOWN BUG renew-ignores-token: renew matches the owner but not the token.
-- Breaks: only the holder of the current token may extend the lease (article
-- A's renew matches owner AND token).
with params as (
    select :job_key::text as job_key, :owner::uuid as owner_id, :token::bigint as token, :ttl_micros::bigint * interval '1 microsecond' as ttl
)
update job_leases as lease
   set lease_until = clock_timestamp() + params.ttl
  from params
 where lease.job_key = params.job_key
   and lease.owner_id = params.owner_id
   and lease.lease_until >= clock_timestamp()
returning lease.lease_until
