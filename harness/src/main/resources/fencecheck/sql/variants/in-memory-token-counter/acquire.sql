-- acquire(key, owner, ttl, token): like the reference, but a new grant takes
-- the token the application's in-memory counter offers instead of the row's
-- token + 1. Nothing in the database keeps the sequence going when the
-- counter starts again at 1.
with params as (
    select :job_key::text as job_key, :owner::uuid as owner_id, :ttl_micros::bigint * interval '1 microsecond' as ttl, :next_token::bigint as token
)
insert into job_leases as lease (job_key, owner_id, lease_until, fencing_token)
select job_key, owner_id, clock_timestamp() + ttl, token
  from params
on conflict (job_key) do update
   set owner_id      = excluded.owner_id,
       lease_until   = case when lease.lease_until < clock_timestamp() then excluded.lease_until
                            else lease.lease_until end,
       fencing_token = case when lease.lease_until < clock_timestamp() then excluded.fencing_token
                            else lease.fencing_token end
 where lease.lease_until < clock_timestamp()
    or lease.owner_id = excluded.owner_id
returning fencing_token, lease_until
