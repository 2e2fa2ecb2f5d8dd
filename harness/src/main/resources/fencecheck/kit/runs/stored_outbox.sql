-- The first message stored under a business key of a job key as committed now
-- (see emit_fenced.sql, 'Unseen').
select payload
  from fencecheck_kit_outbox
 where job_key = :job_key
   and business_key = :business_key
 order by id
 limit 1
