-- The consumer applies a business key's effect exactly once: the key is
-- remembered in the same statement (so the same transaction) as the effect,
-- and a key already remembered applies nothing. One row back: applied now.
with params as (
    select :business_key::text as business_key, :job_key::text as job_key, :result_id::text as result_id, :payload::text as payload
),
remembered as (
    insert into consumer_applied (business_key)
    select business_key from params
    on conflict (business_key) do nothing
    returning business_key
)
insert into consumer_effects (business_key, job_key, result_id, payload)
select params.business_key, job_key, result_id, payload
  from params join remembered using (business_key)
returning id
