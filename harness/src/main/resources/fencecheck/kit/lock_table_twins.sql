-- Tables of the lock table's name in other schemas than the one the kit
-- registered: a library that writes one of those (its own schema on its
-- search path, or a name it qualifies) would take leases no trigger of the
-- kit numbers.
select n.nspname::text || '.' || c.relname::text
  from pg_catalog.pg_class as c
  join pg_catalog.pg_namespace as n on n.oid = c.relnamespace
  join pg_catalog.pg_class as registered on registered.oid = pg_catalog.to_regclass(:lock_table)
 where c.relname = registered.relname
   and c.oid <> registered.oid
   and c.relkind in ('r', 'p', 'v', 'f')
   and n.nspname not in ('pg_catalog', 'information_schema')
   and n.nspname not like 'pg\_temp\_%'
 order by 1
