-- A scheduler library's acquire, first statement (a test): read the key's
-- lease as committed now, and whether it has run out (valid while now <= until).
select owner_id, fencing_token, lease_until, lease_until < clock_timestamp() as expired
  from job_leases
 where job_key = ?
