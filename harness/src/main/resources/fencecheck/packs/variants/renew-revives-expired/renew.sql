-- KNOWN BUG renew-revives-expired: renew has no validity condition, so the
-- owner and token of an expired lease bring it back to life.
-- Breaks: an expired lease is never revived (article A's renew requires
-- lease_until >= clock_timestamp()).
with params as (
    select :job_key::text as job_key, :owner::uuid as owner_id, :token::bigint as token, :ttl_micros::bigint * interval '1 microsecond' as ttl
)
update job_leases as lease
   set lease_until = clock_timestamp() + params.ttl
  from params
 where lease.job_key = params.job_key
   and lease.owner_id = params.owner_id
   and lease.fencing_token = params.token
returning lease.lease_until
