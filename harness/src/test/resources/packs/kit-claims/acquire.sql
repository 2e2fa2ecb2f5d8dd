-- A claim of segment :job_key of processor 'fencecheck': taken when nobody
-- owns it, when its last claim is older than the lease length, or when the
-- caller owns it already (the claim is made again, from now). Returns when the
-- claim ends, its time plus the lease length; the token is the kit's.
insert into kit_claims as claim (processor, segment, owner, claimed_at)
values ('fencecheck', :job_key, :owner::text,
        to_char(clock_timestamp() at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"'))
on conflict (processor, segment) do update
   set owner      = excluded.owner,
       claimed_at = excluded.claimed_at
 where claim.owner is null
    or claim.owner = excluded.owner
    or claim.claimed_at::timestamptz + :ttl_micros * interval '1 microsecond' < clock_timestamp()
returning claimed_at::timestamptz + :ttl_micros * interval '1 microsecond'
