-- the database server's clock now, the time base of a cluster run's nemesis log
select pg_catalog.clock_timestamp()
