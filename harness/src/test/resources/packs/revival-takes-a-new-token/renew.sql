-- renew(key, owner, token, ttl): the owner holding the token extends its lease,
-- even after it ran out (nobody having been granted the key meanwhile, the
-- token is still its own); a lease that had run out takes the next token.
with params as (
    select :job_key::text as job_key, :owner::uuid as owner_id, :token::bigint as token,
           :ttl_micros::bigint * interval '1 microsecond' as ttl
)
update job_leases as lease
   set fencing_token = lease.fencing_token + case when lease.lease_until < clock_timestamp() then 1 else 0 end,
       lease_until = clock_timestamp() + params.ttl
  from params
 where lease.job_key = params.job_key
   and lease.owner_id = params.owner_id
   and lease.fencing_token = params.token
returning lease.lease_until
