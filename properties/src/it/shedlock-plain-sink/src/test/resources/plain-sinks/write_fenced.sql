-- A result by id, inserted once; its token compared with nothing (Unseen: the kit's stored_fenced.sql reads it).
with applied as (insert into fencecheck_kit_fenced (job_key, result_id, token, payload)
                 values (:job_key, :result_id, :token, :payload) on conflict do nothing returning 1),
     stored as (select payload from fencecheck_kit_fenced where job_key = :job_key and result_id = :result_id)
select case when exists (select from applied) then 'Applied' when not exists (select from stored) then 'Unseen'
            when (select payload from stored) = :payload then 'Replayed' else 'Conflict' end
