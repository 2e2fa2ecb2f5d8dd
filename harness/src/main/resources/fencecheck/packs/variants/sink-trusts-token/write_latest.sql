-- KNOWN BUG sink-trusts-token: article A's literal results upsert, with no
-- check against the lease row: whatever token the worker sends is compared
-- with the stored one only, so a forged or another key's higher token wins
-- and then blocks the real holder.
-- Breaks: tokens come only from grants; a token above the key's latest grant
-- is Forged and changes nothing.
with params as (
    select :job_key::text as job_key, :token::bigint as token, :payload::text as payload
),
applied as (
    insert into report_results as result (job_key, applied_fencing_token, payload)
    select job_key, token, payload
      from params
    on conflict (job_key) do update
       set applied_fencing_token = excluded.applied_fencing_token,
           payload               = excluded.payload
     where result.applied_fencing_token < excluded.applied_fencing_token
    returning result.job_key
),
stored as (
    select result.applied_fencing_token as token, result.payload
      from report_results as result join params using (job_key)
       for share of result
)
select case
           when exists (select from applied) then 'Applied'
           when (select token from stored) = params.token
            and (select payload from stored) = params.payload then 'Replayed'
           when (select token from stored) = params.token then 'Conflict'
           else 'Stale'
       end as outcome
  from params
