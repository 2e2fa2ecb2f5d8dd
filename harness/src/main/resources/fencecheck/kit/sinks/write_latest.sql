-- write(LATEST_TOKEN_WINS, key, token, payload): a higher token overwrites a
-- lower one, applied only under a token the lock name's fence has reached
-- (read and locked FOR SHARE in this statement, so no grant commits before it).
-- Returns one word, in the order of the model's checks:
--   Forged    no fence, or the token is above it
--   Applied   no result stored, or a lower token stored: stored now
--   Replayed  this token is stored with this payload
--   Conflict  this token is stored with another payload
--   Stale     a higher token is stored
--   Unseen    another session stored this name's result after this statement
--             began; the client reads it (stored_latest.sql)
with params as (
    select :job_key::text as job_key, :token::bigint as token, :payload::text as payload
),
granted as (
    select fence.token
      from fencecheck_kit_fences as fence join params on fence.lock_name = params.job_key
     where fence.token >= params.token
       for share of fence
),
applied as (
    insert into fencecheck_kit_latest as result (job_key, token, payload)
    select job_key, token, payload
      from params
     where exists (select from granted)
    on conflict (job_key) do update
       set token   = excluded.token,
           payload = excluded.payload
     where result.token < excluded.token
    returning result.job_key
),
stored as (
    select result.token, result.payload
      from fencecheck_kit_latest as result join params using (job_key)
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
