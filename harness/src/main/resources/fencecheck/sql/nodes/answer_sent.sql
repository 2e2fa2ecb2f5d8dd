-- whether a session of the node (by its application name) has finished a statement it started after the instant
-- given: that statement's answer has been sent
select exists (
    select 1
      from pg_catalog.pg_stat_activity
     where application_name = ?
       and query_start > ?
       and state <> 'active')
