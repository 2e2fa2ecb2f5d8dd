-- The reference's renew with now read to the millisecond and the end stored as timestamptz(3).
with params as (
    select :job_key::text as job_key, :owner::uuid as owner_id, :token::bigint as token,
           :ttl_micros::bigint * interval '1 microsecond' as ttl, date_trunc('milliseconds', clock_timestamp()) as now
)
update job_leases as lease
   set lease_until = (params.now + params.ttl)::timestamptz(3)
  from params
 where lease.job_key = params.job_key
   and lease.owner_id = params.owner_id
   and lease.fencing_token = params.token
   and lease.lease_until >= params.now
returning lease.lease_until
