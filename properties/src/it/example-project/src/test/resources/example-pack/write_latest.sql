select ex_write_latest(:job_key, :token, :payload)
