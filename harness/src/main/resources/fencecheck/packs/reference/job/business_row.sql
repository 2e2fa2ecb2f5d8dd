-- The job's business row, written only after its claim held, under the
-- claim's token. A row already stored for this result id (an earlier run of
-- the same job) is kept: nothing comes back then.
insert into business_rows (job_key, result_id, fencing_token, payload)
values (:job_key::text, :result_id::text, :token::bigint, :payload::text)
on conflict (job_key, result_id) do nothing
returning job_key
