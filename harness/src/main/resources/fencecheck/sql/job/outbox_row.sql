-- The job's outbox message, keyed by the stable business key: job key and
-- result id, never the token, so a retried job cannot send a second message.
with params as (
    select ?::text as job_key, ?::text as result_id, ?::bigint as token, ?::text as payload
)
insert into outbox (business_key, job_key, result_id, fencing_token, payload)
select job_key || '/' || result_id, job_key, result_id, token, payload
  from params
on conflict (business_key) do nothing
returning id
