-- The rows of one resource in fencecheck's words: kind (lease, latest or
-- fenced), name (the holder, or the result id), token, until, payload, released.
select 'lease' as kind, l.holder::text as name, l.epoch as token, l.expires_at as until,
       null::text as payload, l.released as released
  from lf_leases as l
 where l.resource = :job_key
union all
select o.sink, nullif(o.result_key, ''), o.epoch, null, o.body, null
  from lf_outputs as o
 where o.resource = :job_key
