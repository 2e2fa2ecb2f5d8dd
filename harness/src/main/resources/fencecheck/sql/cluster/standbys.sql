-- How many standbys stream from this primary: every role sees the rows of pg_stat_replication, if not their details.
select count(*) from pg_catalog.pg_stat_replication
