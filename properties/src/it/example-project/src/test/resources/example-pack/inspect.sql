-- The rows of one job in fencecheck's words: kind, name, token, until, payload.
select 'lease' as kind, holder::text as name, token, expires as until, null::text as payload
  from ex_lease where job = :job_key
union all
select 'latest', null, token, null, body from ex_result where job = :job_key
union all
select 'fenced', result_id, token, null, body from ex_fenced where job = :job_key
