-- Second statement when the lease read had run out: take it over with the
-- next token, on condition that it is still the row that was read and still
-- expired (no row: someone else took it in between, Busy).
update job_leases
   set owner_id      = ?::uuid,
       lease_until   = clock_timestamp() + ?::bigint * interval '1 microsecond',
       fencing_token = fencing_token + 1
 where job_key = ?
   and fencing_token = ?
   and lease_until < clock_timestamp()
returning fencing_token, lease_until
