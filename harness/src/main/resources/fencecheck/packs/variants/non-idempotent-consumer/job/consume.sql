-- non-idempotent-consumer (known-buggy): the consumer remembers the key but
-- applies the effect of every delivery, so a duplicate delivery or a relay
-- that crashed before marking makes a second effect.
with params as (
    select :business_key::text as business_key, :job_key::text as job_key, :result_id::text as result_id, :payload::text as payload
),
remembered as (
    insert into consumer_applied (business_key)
    select business_key from params
    on conflict (business_key) do nothing
)
insert into consumer_effects (business_key, job_key, result_id, payload)
select business_key, job_key, result_id, payload
  from params
returning id
