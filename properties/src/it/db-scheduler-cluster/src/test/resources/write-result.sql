-- the common way to store a job's result: the last write wins, whoever wrote it
insert into job_result (job_key, result, node, firing, written_at)
values (?, ?, ?, ?, clock_timestamp())
on conflict (job_key) do update
set result = excluded.result, node = excluded.node, firing = excluded.firing, written_at = excluded.written_at
