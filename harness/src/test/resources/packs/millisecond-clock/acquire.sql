-- The reference's acquire with now read to the millisecond and the end stored as timestamptz(3).
with params as (
    select :job_key::text as job_key, :owner::uuid as owner_id, :ttl_micros::bigint * interval '1 microsecond' as ttl,
           date_trunc('milliseconds', clock_timestamp()) as now
)
insert into job_leases as lease (job_key, owner_id, lease_until, fencing_token)
select job_key, owner_id, (now + ttl)::timestamptz(3), 1
  from params
on conflict (job_key) do update
   set owner_id      = excluded.owner_id,
       lease_until   = case when lease.lease_until < date_trunc('milliseconds', clock_timestamp()) then excluded.lease_until
                            else lease.lease_until end,
       fencing_token = case when lease.lease_until < date_trunc('milliseconds', clock_timestamp()) then lease.fencing_token + 1
                            else lease.fencing_token end
 where lease.lease_until < date_trunc('milliseconds', clock_timestamp())
    or lease.owner_id = excluded.owner_id
returning fencing_token, lease_until
