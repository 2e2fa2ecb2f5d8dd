-- The timeline of the server this session reached, when it is a primary: a promotion always starts a new one, so a
-- higher number than before the failover command shows that a standby was promoted behind the address. The WAL file
-- name's first 8 hex digits are the timeline the server writes on; a standby has no current WAL position, and
-- answers null.
select case when pg_catalog.pg_is_in_recovery() then null
            else substr(pg_catalog.pg_walfile_name(pg_catalog.pg_current_wal_lsn()), 1, 8) end
