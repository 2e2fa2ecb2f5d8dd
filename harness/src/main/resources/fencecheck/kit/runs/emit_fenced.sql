-- An outbox message stored only under the job key's current fence, read and
-- locked FOR SHARE so no firing moves the fence before the message commits,
-- and only once per business key of the job key (stored fenced or not).
-- Returns one word, in the order of the model's checks for the current-fence
-- sink, whose result id the business key is:
--   Forged    no fence, or the token is above it
--   Stale     the token is below the fence
--   Applied   the token is the fence and the business key is new: stored now
--   Replayed  the business key is stored with this payload
--   Conflict  the business key is stored with another payload
--   Unseen    another session stored this business key after this statement
--             began; the client reads it (stored_outbox.sql)
with params as (
    select :job_key::text as job_key, :business_key::text as business_key, :token::bigint as token,
           :payload::text as payload, :run_id::bigint as run_id
),
fence as (
    select fence.token
      from fencecheck_kit_fences as fence join params on fence.lock_name = params.job_key
       for share of fence
),
stored as (
    select outbox.payload
      from fencecheck_kit_outbox as outbox join params using (job_key, business_key)
     order by outbox.id
     limit 1
),
applied as (
    insert into fencecheck_kit_outbox (job_key, business_key, token, payload, run_id, fenced, stored)
    select job_key, business_key, token, payload, run_id, true, pg_catalog.clock_timestamp()
      from params
     where token = (select token from fence)
       and not exists (select from stored)
    on conflict (job_key, business_key) where fenced do nothing
    returning id
)
select case
           when exists (select from applied) then 'Applied'
           when (select token from fence) is null
             or params.token > (select token from fence) then 'Forged'
           when params.token < (select token from fence) then 'Stale'
           when not exists (select from stored) then 'Unseen'
           when (select payload from stored) = params.payload then 'Replayed'
           else 'Conflict'
       end as outcome
  from params
