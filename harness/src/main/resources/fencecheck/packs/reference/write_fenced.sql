-- write(CURRENT_FENCE, key, token, result id, payload): article B's fenced
-- sink. The fence of a key is the token of its lease row, which every grant
-- advances; this statement reads it and locks it FOR SHARE, so no grant can
-- move the fence before the write commits. Idempotent by result id.
-- Returns one word, in the order of the model's checks:
--   Forged    no lease row, or the token is above the fence
--   Stale     the token is below the fence
--   Applied   the token is the fence and the result id is new: stored now
--   Replayed  the result id is stored with this payload: success, nothing changed
--   Conflict  the result id is stored with another payload
--   Unseen    another session stored this result id after this statement
--             began: the insert waited for it and found it, but this statement's
--             snapshot cannot show it; the client reads it (stored_fenced.sql)
with params as (
    select :job_key::text as job_key, :token::bigint as token, :result_id::text as result_id, :payload::text as payload
),
fence as (
    select lease.fencing_token
      from job_leases as lease join params using (job_key)
       for share of lease
),
applied as (
    insert into fenced_results (job_key, result_id, fencing_token, payload)
    select job_key, result_id, token, payload
      from params
     where token = (select fencing_token from fence)
    on conflict (job_key, result_id) do nothing
    returning job_key
),
stored as (
    select fenced.payload
      from fenced_results as fenced join params using (job_key, result_id)
)
select case
           when exists (select from applied) then 'Applied'
           when (select fencing_token from fence) is null
             or params.token > (select fencing_token from fence) then 'Forged'
           when params.token < (select fencing_token from fence) then 'Stale'
           when not exists (select from stored) then 'Unseen'
           when (select payload from stored) = params.payload then 'Replayed'
           else 'Conflict'
       end as outcome
  from params
