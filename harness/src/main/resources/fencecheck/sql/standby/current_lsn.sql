-- How far the primary has written its WAL.
select pg_catalog.pg_current_wal_lsn()::text
