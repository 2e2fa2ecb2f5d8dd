-- Only the holder, under its token, lengthens a lease that is still valid.
update ex_lease
   set expires = clock_timestamp() + :ttl_micros * interval '1 microsecond'
 where job = :job_key
   and holder = :owner::uuid
   and token = :token
   and expires > clock_timestamp()
returning expires
