-- A free lock (no row, or lease_until before now) is taken as a new lease;
-- a lock whose lease is valid is refused, to its holder too, so every grant is
-- a new lease (what form (a) needs). Returns the lease's end; the token is the kit's.
insert into kit_locks as lock (name, holder, lease_until, lease_id)
values (:job_key, :owner, clock_timestamp() + :ttl_micros * interval '1 microsecond', gen_random_uuid())
on conflict (name) do update
   set holder      = excluded.holder,
       lease_until = excluded.lease_until,
       lease_id    = excluded.lease_id
 where lock.lease_until < clock_timestamp()
returning lease_until
