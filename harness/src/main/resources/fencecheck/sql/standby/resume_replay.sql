-- The standby replays what it received while its replay was held.
select pg_catalog.pg_wal_replay_resume()
