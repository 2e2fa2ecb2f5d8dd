-- Every firing the kit numbered, in the order of its tokens per job key.
select job_key, firing_id, token, at
  from fencecheck_kit_firings
 order by job_key, token, id
