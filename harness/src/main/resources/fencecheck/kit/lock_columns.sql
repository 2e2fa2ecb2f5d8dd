-- The columns of the library's lock table, to check the names the kit was
-- given against them before it registers the table; none when it is missing.
select a.attname::text
  from pg_catalog.pg_attribute as a
 where a.attrelid = pg_catalog.to_regclass(:lock_table)
   and a.attnum > 0
   and not a.attisdropped
 order by a.attnum
