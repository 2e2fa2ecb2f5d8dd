insert into job_write (job_key, result, node, firing, written_at) values (?, ?, ?, ?, clock_timestamp())
