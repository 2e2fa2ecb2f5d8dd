-- The relay's next message: the oldest committed one not yet marked delivered.
select id, business_key, job_key, result_id, fencing_token, payload
  from outbox
 where not delivered
 order by id
 limit 1
