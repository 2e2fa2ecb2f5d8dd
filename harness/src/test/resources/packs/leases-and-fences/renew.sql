-- Only the holder, under the epoch it was granted, extends a lease that is
-- still valid and not released.
update lf_leases
   set expires_at = clock_timestamp() + :ttl_micros * interval '1 microsecond'
 where resource = :job_key
   and holder = :owner
   and epoch = :token
   and not released
   and expires_at > clock_timestamp()
returning expires_at
