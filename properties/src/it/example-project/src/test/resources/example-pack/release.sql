-- The holder gives the lease up: it ends now, and the row keeps its token.
update ex_lease
   set expires = least(expires, clock_timestamp())
 where job = :job_key
   and holder = :owner::uuid
   and token = :token
returning token
