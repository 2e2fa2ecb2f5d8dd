-- KNOWN BUG sink-accepts-equal-token: the latest-token sink overwrites on an
-- equal token (<= instead of <), so the same token with another payload
-- replaces the stored result and reports Applied.
-- Breaks: the same token with another payload is a Conflict, and a replay
-- changes nothing.
with params as (
    select :job_key::text as job_key, :token::bigint as token, :payload::text as payload
),
granted as (
    select lease.fencing_token
      from job_leases as lease join params using (job_key)
     where lease.fencing_token >= params.token
       for share of lease
),
applied as (
    insert into report_results as result (job_key, applied_fencing_token, payload)
    select job_key, token, payload
      from params
     where exists (select from granted)
    on conflict (job_key) do update
       set applied_fencing_token = excluded.applied_fencing_token,
           payload               = excluded.payload
     where result.applied_fencing_token <= excluded.applied_fencing_token
    returning result.job_key
),
stored as (
    select result.applied_fencing_token as token, result.payload
      from report_results as result join params using (job_key)
       for share of result
)
select case
           when exists (select from applied) then 'Applied'
           when not exists (select from granted) then 'Forged'
           when (select token from stored) = params.token
            and (select payload from stored) = params.payload then 'Replayed'
           when (select token from stored) = params.token then 'Conflict'
           else 'Stale'
       end as outcome
  from params
