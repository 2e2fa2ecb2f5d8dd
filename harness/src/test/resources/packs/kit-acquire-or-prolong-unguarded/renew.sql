-- The library's acquire-or-prolong as its extend, unguarded: it extends the
-- caller's lease, and also takes the name when its lease ended, whoever held
-- it since. A renew after another worker took the name and let its lease end
-- is answered Renewed.
update kit_prolong_locks
   set holder      = :owner,
       lease_until = clock_timestamp() + :ttl_micros * interval '1 microsecond'
 where name = :job_key
   and (holder = :owner or lease_until < clock_timestamp())
returning lease_until
