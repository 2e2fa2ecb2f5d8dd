-- release(key, owner, token): the row is kept with its token and ends a day ago.
update job_leases
   set lease_until = least(lease_until, clock_timestamp() - interval '1 day')
 where job_key = :job_key
   and owner_id = :owner::uuid
   and fencing_token = :token
returning fencing_token
