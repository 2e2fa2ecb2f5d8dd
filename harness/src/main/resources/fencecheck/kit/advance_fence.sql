-- Form (a): the next token of a lock name, taken in the same transaction as the
-- library's acquire. The fence row stays locked until that transaction ends,
-- so a write checking this fence waits for the grant, and a grant for the write.
insert into fencecheck_kit_fences as fence (lock_name, token)
values (:job_key, 1)
on conflict (lock_name) do update set token = fence.token + 1
returning token
