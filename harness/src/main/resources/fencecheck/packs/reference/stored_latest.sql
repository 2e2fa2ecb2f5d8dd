-- The latest-token result of a key as committed now: read by a write whose own
-- statement met a row committed after it began (see write_latest.sql, 'Unseen').
select applied_fencing_token, payload
  from report_results
 where job_key = :job_key
