-- acquire(key, owner, ttl) as check-then-act across two statements: the bug.
-- 1. Check: is the key free (no lease, or one that expired)? The answer is
--    kept in a setting of the session, for the next statement.
select set_config('check_then_act.free',
                  (not exists (select from job_leases
                                where job_key = :job_key::text
                                  and lease_until >= clock_timestamp()))::text,
                  false);

-- 2. Act on what statement 1 read, without checking again: take the key
--    over when it was free, hand the same owner's lease back when it was not.
with params as (
    select :job_key::text as job_key, :owner::uuid as owner_id, :ttl_micros::bigint * interval '1 microsecond' as ttl
)
insert into job_leases as lease (job_key, owner_id, lease_until, fencing_token)
select job_key, owner_id, clock_timestamp() + ttl, 1
  from params
on conflict (job_key) do update
   set owner_id      = excluded.owner_id,
       lease_until   = case when current_setting('check_then_act.free')::boolean then excluded.lease_until else lease.lease_until end,
       fencing_token = case when current_setting('check_then_act.free')::boolean then lease.fencing_token + 1 else lease.fencing_token end
 where current_setting('check_then_act.free')::boolean
    or lease.owner_id = excluded.owner_id
returning fencing_token, lease_until
