-- acquire(key, owner, ttl): the reference's upsert, with every new token taken from one sequence shared by all keys.
--   no row                      -> insert with the sequence's next token
--   row expired (until < now)   -> take it over with the sequence's next token
--   row valid, same owner       -> grant it again unchanged (lost-receipt retry)
--   row valid, other owner      -> no row returned: Busy
-- Every case is judged on the latest committed row, which ON CONFLICT locks.
-- Returns the granted token and until, or no row.
with params as (
    select :job_key::text as job_key, :owner::uuid as owner_id, :ttl_micros::bigint * interval '1 microsecond' as ttl
)
insert into job_leases as lease (job_key, owner_id, lease_until, fencing_token)
select job_key, owner_id, clock_timestamp() + ttl, nextval('global_fencing_tokens')
  from params
on conflict (job_key) do update
   set owner_id      = excluded.owner_id,
       lease_until   = case when lease.lease_until < clock_timestamp() then excluded.lease_until
                            else lease.lease_until end,
       fencing_token = case when lease.lease_until < clock_timestamp() then nextval('global_fencing_tokens')
                            else lease.fencing_token end
 where lease.lease_until < clock_timestamp()
    or lease.owner_id = excluded.owner_id
returning fencing_token, lease_until
