-- acquire(key, owner, ttl) in two statements, each atomic on its own.
-- 1. Make sure the key has a row: a placeholder, expired since ever, with
--    token 0, that no one holds (the nil owner). Nothing changes when the key
--    has a row already, and the placeholder reads as no lease (inspect.sql),
--    so whatever runs next, and even when the call stops here for good, the
--    rows are what the model says.
insert into job_leases (job_key, owner_id, lease_until, fencing_token)
values (:job_key::text, '00000000-0000-0000-0000-000000000000'::uuid, '-infinity'::timestamptz, 0)
on conflict (job_key) do nothing;

-- 2. The reference's upsert, which checks and writes in one statement: the
--    placeholder is an expired lease, taken over with token 0 + 1 = 1.
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
       fencing_token = case when lease.lease_until < clock_timestamp() then lease.fencing_token + 1
                            else lease.fencing_token end
 where lease.lease_until < clock_timestamp()
    or lease.owner_id = excluded.owner_id
returning fencing_token, lease_until
