-- The reference's release, ending the lease one millisecond before now (read to the millisecond).
update job_leases as lease
   set lease_until = least(lease.lease_until, date_trunc('milliseconds', clock_timestamp()) - interval '1 millisecond')
 where lease.job_key = :job_key
   and lease.owner_id = :owner::uuid
   and lease.fencing_token = :token
returning lease.fencing_token
