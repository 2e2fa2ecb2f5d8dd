-- acquire(key, owner, ttl): the reference's upsert, but the lease end is
-- truncated to the millisecond, and the holder's acquire extends its lease.
with params as (
    select :job_key::text as job_key, :owner::uuid as owner_id,
           :ttl_micros::bigint * interval '1 microsecond' as ttl
)
insert into job_leases as lease (job_key, owner_id, lease_until, fencing_token)
select job_key, owner_id, date_trunc('milliseconds', clock_timestamp() + ttl), 1
  from params
on conflict (job_key) do update
   set owner_id      = excluded.owner_id,
       lease_until   = excluded.lease_until,
       fencing_token = case when lease.lease_until < clock_timestamp() then lease.fencing_token + 1
                            else lease.fencing_token end
 where lease.lease_until < clock_timestamp()
    or lease.owner_id = excluded.owner_id
returning fencing_token, lease_until
