-- unstable-business-key (known-buggy): the business key includes the token,
-- so the same job run again under a later token sends a second message,
-- which the consumer cannot recognise as the same effect.
with params as (
    select ?::text as job_key, ?::text as result_id, ?::bigint as token, ?::text as payload
)
insert into outbox (business_key, job_key, result_id, fencing_token, payload)
select jsonb_build_array(job_key, result_id, token)::text, job_key, result_id, token, payload
  from params
on conflict (business_key) do nothing
returning id
