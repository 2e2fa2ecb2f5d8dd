-- The owner gives its claim up: the row stays, owned by nobody.
update kit_claims
   set owner = null
 where processor = 'fencecheck'
   and segment = :job_key
   and owner = :owner::text
returning segment
