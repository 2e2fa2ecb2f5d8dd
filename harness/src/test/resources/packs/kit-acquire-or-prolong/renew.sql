-- The library's extend: its acquire-or-prolong on a row that still names the
-- caller. It extends a valid lease, and takes the caller's own ended lease
-- again when nobody took the name meanwhile (a revival); a name another
-- worker took is refused.
update kit_prolong_locks
   set holder      = :owner,
       lease_until = clock_timestamp() + :ttl_micros * interval '1 microsecond'
 where name = :job_key
   and holder = :owner
returning lease_until
