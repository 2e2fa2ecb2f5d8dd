-- fence-read-on-standby (known-buggy): the insert on the primary compares the token with the fence read on the
-- standby (:fence, null when the standby has no lease row for the key) instead of reading and locking it itself.
with params as (
    select :job_key::text as job_key, :token::bigint as token, :result_id::text as result_id, :payload::text as payload,
           :fence::bigint as fence
),
applied as (
    insert into fenced_results (job_key, result_id, fencing_token, payload)
    select job_key, result_id, token, payload
      from params
     where token = fence
    on conflict (job_key, result_id) do nothing
    returning job_key
),
stored as (
    select fenced.payload
      from fenced_results as fenced join params using (job_key, result_id)
)
select case
           when exists (select from applied) then 'Applied'
           when params.fence is null or params.token > params.fence then 'Forged'
           when params.token < params.fence then 'Stale'
           when (select payload from stored) = params.payload then 'Replayed'
           else 'Conflict'
       end as outcome
  from params
