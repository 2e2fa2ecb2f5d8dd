-- acquire(key, owner, ttl), literal article A: takes an absent or expired
-- lease, and answers no row (Busy) for any valid lease, even the caller's own.
-- A retry after a lost grant receipt is therefore refused.
with params as (
    select :job_key::text as job_key, :owner::uuid as owner_id, :ttl_micros::bigint * interval '1 microsecond' as ttl
)
insert into job_leases as lease (job_key, owner_id, lease_until, fencing_token)
select job_key, owner_id, clock_timestamp() + ttl, 1
  from params
on conflict (job_key) do update
   set owner_id      = excluded.owner_id,
       lease_until   = excluded.lease_until,
       fencing_token = lease.fencing_token + 1
 where lease.lease_until < clock_timestamp()
returning fencing_token, lease_until
