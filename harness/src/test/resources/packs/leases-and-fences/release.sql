-- The holder gives the lease up: the row stays, with its epoch and expiry, marked released.
update lf_leases
   set released = true
 where resource = :job_key
   and holder = :owner
   and epoch = :token
returning epoch
