-- The latest-token result of a lock name as committed now (see write_latest.sql, 'Unseen').
select token, payload
  from fencecheck_kit_latest
 where job_key = :job_key
