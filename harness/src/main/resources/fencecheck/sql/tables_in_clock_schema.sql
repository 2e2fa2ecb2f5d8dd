-- The tables of the clock's schema that are not the clock's own (its row and
-- its moves): an implementation's table created there. The bound parameter is
-- the schema's name.
select c.relname
  from pg_catalog.pg_class as c
  join pg_catalog.pg_namespace as n on n.oid = c.relnamespace
 where n.nspname = ?
   and c.relkind in ('r', 'p', 'v', 'm', 'f')
   and c.relname not in ('clock', 'clock_moves')
 order by c.relname
