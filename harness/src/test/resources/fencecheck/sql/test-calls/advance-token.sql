-- A half-done acquire, first statement (a known-bad test library): take the
-- next token of a free key, in a row of its own commit, before anyone owns
-- it: a fresh key gets a row of no owner (the nil uuid) with token 1, an
-- expired lease its next token under its old owner. No row: the lease is valid, Busy.
insert into job_leases as lease (job_key, owner_id, lease_until, fencing_token)
values (?, '00000000-0000-0000-0000-000000000000'::uuid, clock_timestamp(), 1)
on conflict (job_key) do update
   set fencing_token = lease.fencing_token + 1
 where lease.lease_until < clock_timestamp()
returning fencing_token
