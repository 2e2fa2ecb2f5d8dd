-- The holder gives its lease up: it ends one microsecond before now; the row
-- keeps its holder.
update kit_prolong_locks
   set lease_until = least(lease_until, clock_timestamp() - interval '1 microsecond')
 where name = :job_key
   and holder = :owner
returning name
