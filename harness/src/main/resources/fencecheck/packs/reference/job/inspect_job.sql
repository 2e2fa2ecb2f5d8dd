-- The job rows of one key as this session sees them, one row per stored row:
-- kind, result_id, token, payload, delivered, count; outbox rows in relay order.
with params as (
    select :job_key::text as job_key
)
select kind, result_id, token, payload, delivered, n
  from (
        select 'job' as kind, null::text as result_id, lease.job_token as token, null::text as payload,
               null::boolean as delivered, null::bigint as n, 0::bigint as position
          from job_leases as lease join params using (job_key)
         where lease.job_token is not null
        union all
        select 'business', business.result_id, business.fencing_token, business.payload, null, null, 0
          from business_rows as business join params using (job_key)
        union all
        select 'outbox', message.result_id, message.fencing_token, message.payload, message.delivered, null, message.id
          from outbox as message join params using (job_key)
        union all
        select 'effect', effect.result_id, null, null, null, count(*), 0
          from consumer_effects as effect join params using (job_key)
         group by effect.result_id
       ) as row_of_key
 order by kind, position
