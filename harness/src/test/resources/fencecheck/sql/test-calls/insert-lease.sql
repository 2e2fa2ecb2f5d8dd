-- Second statement when the key had no row: take it with token 1, unless
-- another session inserted it since (then no row: Busy).
insert into job_leases (job_key, owner_id, lease_until, fencing_token)
values (?, ?::uuid, clock_timestamp() + ?::bigint * interval '1 microsecond', 1)
on conflict (job_key) do nothing
returning fencing_token, lease_until
