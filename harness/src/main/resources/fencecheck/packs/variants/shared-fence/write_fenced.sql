-- KNOWN BUG shared-fence: the fenced sink compares the token with one fence
-- for all job keys (the highest token of any lease row) instead of the key's
-- own lease row.
-- Breaks: fences are per resource; a takeover of one key must not refuse, or
-- admit, the writes of another.
with params as (
    select :job_key::text as job_key, :token::bigint as token, :result_id::text as result_id, :payload::text as payload
),
fence as (
    select max(lease.fencing_token) as fencing_token
      from job_leases as lease
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
           else 'Conflict'
       end as outcome
  from params
