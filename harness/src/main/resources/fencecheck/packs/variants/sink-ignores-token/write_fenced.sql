-- KNOWN BUG sink-ignores-token: the fenced sink accepts any token the key's
-- lease has granted, not only the current fence, and overwrites a stored
-- result id (last writer wins), reporting Applied.
-- Breaks: once a takeover has committed, no write of an earlier holder is
-- accepted; a result id stored with another payload is a Conflict.
with params as (
    select :job_key::text as job_key, :token::bigint as token, :result_id::text as result_id, :payload::text as payload
),
granted as (
    select lease.fencing_token
      from job_leases as lease join params using (job_key)
     where lease.fencing_token >= params.token
       for share of lease
),
applied as (
    insert into fenced_results as fenced (job_key, result_id, fencing_token, payload)
    select job_key, result_id, token, payload
      from params
     where exists (select from granted)
    on conflict (job_key, result_id) do update
       set fencing_token = excluded.fencing_token,
           payload       = excluded.payload
    returning fenced.job_key
)
select case
           when exists (select from applied) then 'Applied'
           else 'Forged'
       end as outcome
  from params
