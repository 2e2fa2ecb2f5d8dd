-- BUG: the holder is told the lease is released, but nothing changes.
select fencing_token
  from job_leases
 where job_key = :job_key
   and owner_id = :owner::uuid
   and fencing_token = :token
