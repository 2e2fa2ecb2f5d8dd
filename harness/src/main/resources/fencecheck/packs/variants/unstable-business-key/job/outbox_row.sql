-- unstable-business-key (known-buggy): the business key includes the token,
-- so the same job run again under a later token sends a second message,
-- which the consumer cannot recognise as the same effect.
with params as (
    select :job_key::text as job_key, :result_id::text as result_id, :token::bigint as token, :payload::text as payload
)
insert into outbox (business_key, job_key, result_id, fencing_token, payload)
select jsonb_build_array(job_key, result_id, token)::text, job_key, result_id, token, payload
  from params
on conflict (business_key) do nothing
returning id
