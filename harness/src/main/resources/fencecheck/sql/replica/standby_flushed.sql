-- Whether the standby (by its application name) has flushed the primary's WAL up to a position: a promotion replays
-- all a standby has received, so then a failover keeps every commit acknowledged before it. The standby reports its
-- flush position as soon as it has flushed, as synchronous replication needs it to.
select coalesce(bool_and(flush_lsn >= ?::pg_lsn), false)
  from pg_catalog.pg_stat_replication where application_name = ?
