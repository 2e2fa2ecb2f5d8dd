-- The common mistake, for comparison: the job's result written to the
-- latest-token table by a plain upsert, whatever token is stored or fenced.
-- It always stores, so its answer is always Applied.
insert into fencecheck_kit_latest as result (job_key, token, payload)
values (:job_key, :token, :payload)
on conflict (job_key) do update
   set token = excluded.token, payload = excluded.payload
returning 'Applied' as outcome
