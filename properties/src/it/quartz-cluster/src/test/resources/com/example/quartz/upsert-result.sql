-- the common way to store a job's result: the last writer wins, whatever run it belongs to
with written as (
    insert into report_result (job_key, result, node, firing_id, written_at)
    values (?, ?, ?, ?, clock_timestamp())
    on conflict (job_key) do update
        set result = excluded.result, node = excluded.node, firing_id = excluded.firing_id,
            written_at = excluded.written_at
    returning job_key, node, firing_id, written_at)
insert into report_write (job_key, node, firing_id, written_at)
select job_key, node, firing_id, written_at from written
