-- The lease row of a key, for a client that judges expiry itself:
-- owner, end and token, or no row.
select lease.owner_id, lease.lease_until, lease.fencing_token
  from job_leases as lease
 where lease.job_key = ?::text
