-- Whether the standby has replayed the WAL up to the primary's position given (false while it has replayed nothing).
select coalesce(pg_catalog.pg_last_wal_replay_lsn() >= ?::pg_lsn, false)
