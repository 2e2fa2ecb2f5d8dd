-- Every outbox message stored, each one effect at the consumer, in the order stored.
select id, job_key, business_key, token, payload, run_id, fenced, stored
  from fencecheck_kit_outbox
 order by id
