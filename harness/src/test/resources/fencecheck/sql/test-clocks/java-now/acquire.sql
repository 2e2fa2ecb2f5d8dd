-- A lock library's acquire, for a test: the application passes the time it
-- reads itself (Instant.now(), the machine's clock, not the java.time.Clock
-- fencecheck gives it) instead of letting the database read the clock.
--   row expired (until < now)   -> take it over with the next token
--   row valid, same owner       -> grant it again unchanged (lost-receipt retry)
--   row valid, other owner      -> no row returned: Busy
-- Returns the granted token and until, or no row.
with params as (
    select ?::text as job_key, ?::uuid as owner_id, ?::bigint * interval '1 microsecond' as ttl,
           ?::timestamptz as application_now
)
insert into job_leases as lease (job_key, owner_id, lease_until, fencing_token)
select job_key, owner_id, application_now + ttl, 1
  from params
on conflict (job_key) do update
   set owner_id      = excluded.owner_id,
       lease_until   = case when lease.lease_until < (select application_now from params) then excluded.lease_until
                            else lease.lease_until end,
       fencing_token = case when lease.lease_until < (select application_now from params) then lease.fencing_token + 1
                            else lease.fencing_token end
 where lease.lease_until < (select application_now from params)
    or lease.owner_id = excluded.owner_id
returning fencing_token, lease_until
