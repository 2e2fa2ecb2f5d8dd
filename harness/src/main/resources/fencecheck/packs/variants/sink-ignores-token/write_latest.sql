-- KNOWN BUG sink-ignores-token: the latest-token sink accepts any token the
-- key's lease has granted and overwrites whatever is stored (last writer
-- wins), reporting Applied.
-- Breaks: an older token never overwrites a newer one.
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
    returning result.job_key
)
select case
           when exists (select from applied) then 'Applied'
           else 'Forged'
       end as outcome
  from params
