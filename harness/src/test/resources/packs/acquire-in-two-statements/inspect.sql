-- Everything stored for one job key, one row per stored row:
-- kind, owner_id or result_id, token, lease_until, payload. The placeholder
-- acquire.sql leaves (token 0) is no lease: it was never granted.
with params as (
    select :job_key::text as job_key
)
select 'lease' as kind, lease.owner_id::text as name, lease.fencing_token as token, lease.lease_until as until, null::text as payload
  from job_leases as lease join params using (job_key)
 where lease.fencing_token > 0
union all
select 'latest', null, result.applied_fencing_token, null, result.payload
  from report_results as result join params using (job_key)
union all
select 'fenced', fenced.result_id, fenced.fencing_token, null, fenced.payload
  from fenced_results as fenced join params using (job_key)
