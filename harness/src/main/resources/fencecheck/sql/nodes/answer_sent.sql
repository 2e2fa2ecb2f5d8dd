-- whether a session of the node (by its application name) has finished a statement after the instant given (when
-- the loss was armed): that statement's answer was sent while the toxic was (being) put in place
select exists (
    select 1
      from pg_catalog.pg_stat_activity
     where application_name = ?
       and query_start is not null
       and state_change > ?
       and state <> 'active')
