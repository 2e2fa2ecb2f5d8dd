-- Form (b): the fence the library's own statement advanced (or, for a lease
-- granted again unchanged, the one it already had), read with the library's
-- row in one snapshot and only while that row names the caller: the trigger
-- wrote both in the library's transaction, so they agree, and a lease taken
-- over since the library answered gives no row rather than another's token.
select fence.token
  from fencecheck_kit_fences as fence
  join fencecheck_kit_lease(:job_key) as lease on lease.owner = :owner::text
 where fence.lock_name = :job_key
