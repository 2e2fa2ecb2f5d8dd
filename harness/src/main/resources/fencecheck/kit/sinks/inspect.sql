-- Everything stored for one lock name: the library's lease row (its holder and
-- end) under the kit's fence, and both sinks' rows. A row not held (its held
-- column false, or no owner named) is a lease that ended (released; a library
-- that clears its end then has ended by now), and a row never held (no fence)
-- is no lease.
with params as (
    select :job_key::text as job_key
)
select 'lease' as kind, coalesce(lease.owner, '') as name, fence.token as token,
       case when held.held is false then coalesce(lease.until, clock_timestamp()) else lease.until end as until,
       null::text as payload, coalesce(not held.held, false) as released
  from params
  cross join fencecheck_kit_lease(params.job_key) as lease
  cross join fencecheck_kit_held(params.job_key) as held (held)
  left join fencecheck_kit_fences as fence on fence.lock_name = params.job_key
 where held.held is null or fence.token is not null
union all
-- a library that deletes its row on release (Spring Integration): the name's
-- lease is over (held by nobody), and its token lives on in the fence
select 'lease', '', fence.token, clock_timestamp(), null, true
  from params
  join fencecheck_kit_fences as fence on fence.lock_name = params.job_key
 where not exists (select 1 from fencecheck_kit_lease(params.job_key))
union all
select 'latest', null, result.token, null, result.payload, null
  from fencecheck_kit_latest as result join params using (job_key)
union all
select 'fenced', fenced.result_id, fenced.token, null, fenced.payload, null
  from fencecheck_kit_fenced as fenced join params using (job_key)
