-- The token a firing advanced its job key's fence to: the latest recorded,
-- should the firing id have come again (a task inserted anew starts its
-- versions again). No row while the firing's statement has not committed.
select token
  from fencecheck_kit_firings
 where job_key = :job_key
   and firing_id = :firing_id
 order by id desc
 limit 1
