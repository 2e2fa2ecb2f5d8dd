-- A result under the current fence only, idempotent by result id. The fence
-- row is read and held FOR SHARE in this statement, so no grant moves it
-- before the write's transaction ends.
with fence as (
    select f.fence
      from lf_fences as f
     where f.resource = :job_key
       for share
),
applied as (
    insert into lf_outputs (resource, sink, result_key, epoch, body)
    select :job_key, 'fenced', :result_id, :token, :payload
     where :token = (select fence from fence)
    on conflict (resource, sink, result_key) do nothing
    returning 1
),
stored as (
    select o.body
      from lf_outputs as o
     where o.resource = :job_key and o.sink = 'fenced' and o.result_key = :result_id
)
select case
           when exists (select from applied) then 'Applied'
           when (select fence from fence) is null or :token > (select fence from fence) then 'Forged'
           when :token < (select fence from fence) then 'Stale'
           when (select body from stored) = :payload then 'Replayed'
           else 'Conflict'
       end
