-- write(CURRENT_FENCE, key, token, result id, payload): applies only under the
-- lock name's current fence, read and locked FOR SHARE, so no grant moves the
-- fence before the write commits. Idempotent by result id.
-- Returns one word, in the order of the model's checks:
--   Forged    no fence, or the token is above it
--   Stale     the token is below the fence
--   Applied   the token is the fence and the result id is new: stored now
--   Replayed  the result id is stored with this payload
--   Conflict  the result id is stored with another payload
--   Unseen    another session stored this result id after this statement
--             began; the client reads it (stored_fenced.sql)
with params as (
    select :job_key::text as job_key, :token::bigint as token, :result_id::text as result_id, :payload::text as payload
),
fence as (
    select fence.token
      from fencecheck_kit_fences as fence join params on fence.lock_name = params.job_key
       for share of fence
),
applied as (
    insert into fencecheck_kit_fenced (job_key, result_id, token, payload)
    select job_key, result_id, token, payload
      from params
     where token = (select token from fence)
    on conflict (job_key, result_id) do nothing
    returning job_key
),
stored as (
    select fenced.payload
      from fencecheck_kit_fenced as fenced join params using (job_key, result_id)
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
