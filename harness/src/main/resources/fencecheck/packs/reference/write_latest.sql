-- write(LATEST_TOKEN_WINS, key, token, payload): article A's results upsert
-- (a higher token overwrites a lower one), applied only under a token that the
-- key's lease row has granted: the row exists and its token is not below the
-- write's, read and locked FOR SHARE in this same statement.
-- Returns one word, in the order of the model's checks:
--   Forged    no lease row, or the token is above the lease row's token
--   Applied   no result stored, or a lower token stored: this write is stored now
--   Replayed  this token is stored with this payload: success, nothing changed
--   Conflict  this token is stored with another payload
--   Stale     a higher token is stored
--   Unseen    another session stored this key's result after this statement
--             began: the insert waited for it and found it, but this statement's
--             snapshot cannot show it; the client reads it (stored_latest.sql)
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
           when not exists (select from granted) then 'Forged'
           when not exists (select from stored) then 'Unseen'
           when (select token from stored) = params.token
            and (select payload from stored) = params.payload then 'Replayed'
           when (select token from stored) = params.token then 'Conflict'
           else 'Stale'
       end as outcome
  from params
