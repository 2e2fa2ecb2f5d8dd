-- A fenced sink that compares no token: a result by id is stored once, whatever its token.
with applied as (
    insert into fencecheck_kit_fenced (job_key, result_id, token, payload)
    values (:job_key, :result_id, :token, :payload)
    on conflict (job_key, result_id) do nothing
    returning 1
)
select case when exists (select from applied) then 'Applied'
            when (select payload from fencecheck_kit_fenced where job_key = :job_key and result_id = :result_id) = :payload
            then 'Replayed'
            else 'Conflict'
       end
