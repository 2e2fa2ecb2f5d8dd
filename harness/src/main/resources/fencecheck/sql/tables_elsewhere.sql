-- The schemas other than public (and PostgreSQL's own) that hold a table of
-- the one bound name: where a schema put a table a statement does not find.
select n.nspname
  from pg_catalog.pg_class as c
  join pg_catalog.pg_namespace as n on n.oid = c.relnamespace
 where c.relname = ?
   and c.relkind in ('r', 'p', 'v', 'm', 'f')
   and n.nspname not in ('public', 'pg_catalog', 'information_schema', 'pg_toast')
   and n.nspname not like 'pg\_temp\_%'
   and n.nspname not like 'pg\_toast\_temp\_%'
 order by n.nspname
