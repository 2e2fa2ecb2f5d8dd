-- fence-read-on-standby (known-buggy): the fenced write's check reads the key's fence on the standby, as an
-- application that sends its reads to a replica does. The standby may not have replayed the newest grant yet.
select fencing_token
  from job_leases
 where job_key = :job_key
