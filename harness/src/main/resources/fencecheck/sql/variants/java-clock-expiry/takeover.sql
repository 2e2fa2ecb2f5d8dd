-- takeover(owner, ttl, key, token), known-buggy: the client has decided on its own
-- clock that the lease read with this token has expired, and takes it over with the
-- next token; the database checks only that nobody took it in between. The new end
-- is the database's time (clock_timestamp()), as the reference stores it.
update job_leases as lease
   set owner_id      = ?::uuid,
       lease_until   = clock_timestamp() + ?::bigint * interval '1 microsecond',
       fencing_token = lease.fencing_token + 1
 where lease.job_key = ?::text
   and lease.fencing_token = ?::bigint
returning lease.fencing_token, lease.lease_until
