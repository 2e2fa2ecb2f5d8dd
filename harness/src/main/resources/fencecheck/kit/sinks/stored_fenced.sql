-- A fenced result as committed now (see write_fenced.sql, 'Unseen').
select payload
  from fencecheck_kit_fenced
 where job_key = :job_key
   and result_id = :result_id
