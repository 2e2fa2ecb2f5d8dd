-- The job's outbox message, keyed by the stable business key: job key and
-- result id, never the token, so a retried job cannot send a second message.
-- As a JSON array, so no job key or result id can make two keys one string.
with params as (
    select :job_key::text as job_key, :result_id::text as result_id, :token::bigint as token, :payload::text as payload
)
insert into outbox (business_key, job_key, result_id, fencing_token, payload)
select jsonb_build_array(job_key, result_id)::text, job_key, result_id, token, payload
  from params
on conflict (business_key) do nothing
returning id
