-- renew(key, owner, token, ttl): the owner holding the token extends its
-- lease, to an end truncated to the millisecond, even after it ran out: the
-- token still being its own means nobody was granted the key meanwhile.
with params as (
    select :job_key::text as job_key, :owner::uuid as owner_id, :token::bigint as token,
           :ttl_micros::bigint * interval '1 microsecond' as ttl
)
update job_leases as lease
   set lease_until = date_trunc('milliseconds', clock_timestamp() + params.ttl)
  from params
 where lease.job_key = params.job_key
   and lease.owner_id = params.owner_id
   and lease.fencing_token = params.token
returning lease.lease_until
