-- A library with a token of its own: its grant's token becomes the lock name's
-- fence, in the same transaction as the grant.
insert into fencecheck_kit_fences as fence (lock_name, token)
values (:job_key, :token)
on conflict (lock_name) do update set token = excluded.token
returning token
