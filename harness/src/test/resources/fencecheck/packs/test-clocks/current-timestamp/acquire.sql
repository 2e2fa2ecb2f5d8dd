-- A lock library's acquire, for a test: it reads CURRENT_TIMESTAMP (the
-- transaction's start; in autocommit, the statement's) instead of
-- clock_timestamp(). fencecheck's sessions rewrite the keyword to read the
-- virtual clock, so this acquire behaves exactly like the reference.
--   row expired (until < now)   -> take it over with the next token
--   row valid, same owner       -> grant it again unchanged (lost-receipt retry)
--   row valid, other owner      -> no row returned: Busy
-- Every case is judged on the latest committed row, which ON CONFLICT locks.
-- Returns the granted token and until, or no row.
with params as (
    select :job_key::text as job_key, :owner::uuid as owner_id, :ttl_micros::bigint * interval '1 microsecond' as ttl
)
insert into job_leases as lease (job_key, owner_id, lease_until, fencing_token)
select job_key, owner_id, current_timestamp + ttl, 1
  from params
on conflict (job_key) do update
   set owner_id      = excluded.owner_id,
       lease_until   = case when lease.lease_until < current_timestamp then excluded.lease_until
                            else lease.lease_until end,
       fencing_token = case when lease.lease_until < current_timestamp then lease.fencing_token + 1
                            else lease.fencing_token end
 where lease.lease_until < current_timestamp
    or lease.owner_id = excluded.owner_id
returning fencing_token, lease_until
