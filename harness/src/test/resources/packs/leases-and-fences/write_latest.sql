-- The latest result per resource: a higher epoch overwrites a lower one,
-- under an epoch the resource has granted (the fence is not below it).
with fence as (
    select f.fence
      from lf_fences as f
     where f.resource = :job_key
       and f.fence >= :token
       for share
),
applied as (
    insert into lf_outputs as o (resource, sink, result_key, epoch, body)
    select :job_key, 'latest', '', :token, :payload
     where exists (select from fence)
    on conflict (resource, sink, result_key) do update
       set epoch = excluded.epoch,
           body  = excluded.body
     where o.epoch < excluded.epoch
    returning 1
),
stored as (
    select o.epoch, o.body
      from lf_outputs as o
     where o.resource = :job_key and o.sink = 'latest' and o.result_key = ''
       for share
)
select case
           when exists (select from applied) then 'Applied'
           when not exists (select from fence) then 'Forged'
           when (select epoch from stored) = :token and (select body from stored) = :payload then 'Replayed'
           when (select epoch from stored) = :token then 'Conflict'
           else 'Stale'
       end
