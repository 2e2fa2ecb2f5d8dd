-- KNOWN BUG acquire-keeps-token: taking over an expired lease keeps its token.
-- Breaks: every grant gets a new, higher token (article A increments
-- fencing_token on takeover), so the old and the new holder share a token.
with params as (
    select :job_key::text as job_key, :owner::uuid as owner_id, :ttl_micros::bigint * interval '1 microsecond' as ttl
)
insert into job_leases as lease (job_key, owner_id, lease_until, fencing_token)
select job_key, owner_id, clock_timestamp() + ttl, 1
  from params
on conflict (job_key) do update
   set owner_id      = excluded.owner_id,
       lease_until   = case when lease.lease_until < clock_timestamp() then excluded.lease_until
                            else lease.lease_until end,
       fencing_token = lease.fencing_token
 where lease.lease_until < clock_timestamp()
    or lease.owner_id = excluded.owner_id
returning fencing_token, lease_until
