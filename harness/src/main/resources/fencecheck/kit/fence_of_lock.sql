-- Form (b): the fence the library's own statement just advanced (or, for a
-- lease granted again unchanged, the one it already had), read in the same
-- transaction as the acquire.
select token
  from fencecheck_kit_fences
 where lock_name = :job_key
