-- The library's one statement, "acquire or prolong": it takes a free name, a
-- name whose lease ended (whoever held it), or the caller's own lease, and sets
-- the holder and a new end either way. A holder that takes its own ended lease
-- changes the row as one that extends its valid lease does.
insert into kit_prolong_locks as lock (name, holder, lease_until)
values (:job_key, :owner, clock_timestamp() + :ttl_micros * interval '1 microsecond')
on conflict (name) do update
   set holder      = excluded.holder,
       lease_until = excluded.lease_until
 where lock.holder = excluded.holder
    or lock.lease_until < clock_timestamp()
returning lease_until
