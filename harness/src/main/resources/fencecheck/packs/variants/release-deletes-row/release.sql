-- KNOWN BUG release-deletes-row: release deletes the lease row.
-- Breaks: tokens per key never restart (the next grant starts again at 1 and
-- reuses tokens already handed out).
with params as (
    select :job_key::text as job_key, :owner::uuid as owner_id, :token::bigint as token
)
delete from job_leases as lease
 using params
 where lease.job_key = params.job_key
   and lease.owner_id = params.owner_id
   and lease.fencing_token = params.token
returning lease.fencing_token
