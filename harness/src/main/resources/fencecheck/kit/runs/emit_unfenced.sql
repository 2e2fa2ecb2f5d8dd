-- The common mistake, for comparison: an outbox message stored by a plain
-- insert, whatever token is fenced and whatever is stored under its business
-- key. A recovered run that emits the business key its paused predecessor
-- emitted stores it a second time. Its answer is always Applied.
insert into fencecheck_kit_outbox (job_key, business_key, token, payload, run_id, fenced, stored)
values (:job_key, :business_key, :token::bigint, :payload, :run_id::bigint, false, pg_catalog.clock_timestamp())
returning 'Applied' as outcome
