-- The standby stops replaying the WAL it receives; it goes on receiving and flushing it, so a commit the primary
-- waits for under synchronous_commit = on is still acknowledged, while a read on the standby no longer sees it.
select pg_catalog.pg_wal_replay_pause()
