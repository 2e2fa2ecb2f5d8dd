-- renew(key, owner, token, ttl), known-buggy: the new end is computed from now(),
-- the start of the transaction, not from clock_timestamp(), the statement's time.
-- The variant's client runs every operation in a transaction it opened when the
-- previous one committed (hold_transaction.sql), as a pool or a framework that
-- begins eagerly would, so now() is as old as the pause since then: the lease it
-- answers ends earlier than ttl after the renewal was sent.
with params as (
    select :job_key::text as job_key, :owner::uuid as owner_id, :token::bigint as token, :ttl_micros::bigint * interval '1 microsecond' as ttl
)
update job_leases as lease
   set lease_until = now() + params.ttl
  from params
 where lease.job_key = params.job_key
   and lease.owner_id = params.owner_id
   and lease.fencing_token = params.token
   and lease.lease_until >= clock_timestamp()
returning lease.lease_until
