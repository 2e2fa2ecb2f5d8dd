-- The result each job key ends with in the latest-token table, which both the
-- kit's sink and the plain upsert write.
select job_key, token, payload
  from fencecheck_kit_latest
 order by job_key
