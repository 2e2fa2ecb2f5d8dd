-- reference-fence-for-update (correct alternative): the reference's
-- CURRENT_FENCE write, except that it locks the lease row FOR UPDATE instead
-- of FOR SHARE. Two fenced writes of one key in open transactions then wait
-- for each other, where the reference lets them run side by side; what the
-- write answers and stores is the same.
-- Returns one word, in the order of the model's checks:
--   Forged    no lease row, or the token is above the fence
--   Stale     the token is below the fence
--   Applied   the token is the fence and the result id is new: stored now
--   Replayed  the result id is stored with this payload: success, nothing changed
--   Conflict  the result id is stored with another payload
with params as (
    select :job_key::text as job_key, :token::bigint as token, :result_id::text as result_id, :payload::text as payload
),
fence as (
    select lease.fencing_token
      from job_leases as lease join params using (job_key)
       for update of lease
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
           when (select payload from stored) = params.payload then 'Replayed'
           -- another payload stored (or a row committed after this statement began: not ours either)
           else 'Conflict'
       end as outcome
  from params
