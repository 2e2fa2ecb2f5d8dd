-- The latest result of a key by a plain upsert: the token is stored with it and compared with nothing.
with stored as (insert into fencecheck_kit_latest (job_key, token, payload) values (:job_key, :token, :payload)
                on conflict (job_key) do update set token = excluded.token, payload = excluded.payload returning 1)
select 'Applied' from stored
