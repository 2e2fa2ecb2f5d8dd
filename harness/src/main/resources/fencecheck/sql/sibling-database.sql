-- A database of the harness's own on the server, by name: the name as an identifier, and whether it is there already.
select pg_catalog.quote_ident(?), exists (select 1 from pg_catalog.pg_database where datname = ?)
