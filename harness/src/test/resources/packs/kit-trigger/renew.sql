-- The holder extends its lease while it is valid; the lock table knows no token.
update kit_trigger_locks
   set lease_until = clock_timestamp() + :ttl_micros * interval '1 microsecond'
 where name = :job_key
   and holder = :owner
   and lease_until >= clock_timestamp()
returning lease_until
