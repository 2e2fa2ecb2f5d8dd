-- How far the primary has flushed its WAL: every commit it acknowledged lies before.
select pg_catalog.pg_current_wal_flush_lsn()::text
