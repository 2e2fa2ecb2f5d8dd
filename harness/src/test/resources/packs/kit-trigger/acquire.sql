-- A free lock (no row, or lease_until before now) is taken as a new lease; the
-- holder's own valid lease is granted again unchanged; anyone else's is refused.
-- Returns the lease's end; the token is the kit's.
insert into kit_trigger_locks as lock (name, holder, lease_until, lease_id)
values (:job_key, :owner, clock_timestamp() + :ttl_micros * interval '1 microsecond', gen_random_uuid())
on conflict (name) do update
   set holder      = excluded.holder,
       lease_until = case when lock.lease_until < clock_timestamp() then excluded.lease_until else lock.lease_until end,
       lease_id    = case when lock.lease_until < clock_timestamp() then excluded.lease_id else lock.lease_id end
 where lock.lease_until < clock_timestamp()
    or lock.holder = excluded.holder
returning lease_until
