-- When the session's transaction started, by the server's own clock: read
-- before and after the library's acquire in form (a), a different instant
-- afterwards means the library ended the kit's transaction (committed or
-- rolled back on its own), so the fence would move in a second one.
select pg_catalog.transaction_timestamp()
