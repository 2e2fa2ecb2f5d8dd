-- Run right after a commit, outside autocommit: it opens the next transaction,
-- whose now() is this instant, and holds it open until the next operation.
select 1
