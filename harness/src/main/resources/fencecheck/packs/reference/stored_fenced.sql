-- A fenced result as committed now: read by a write whose own statement met a
-- row committed after it began (see write_fenced.sql, 'Unseen').
select payload
  from fenced_results
 where job_key = :job_key
   and result_id = :result_id
