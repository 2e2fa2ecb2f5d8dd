-- Second statement of the half-done acquire: the token taken becomes the
-- caller's lease.
update job_leases
   set owner_id    = ?::uuid,
       lease_until = clock_timestamp() + ?::bigint * interval '1 microsecond'
 where job_key = ?
   and fencing_token = ?
returning fencing_token, lease_until
