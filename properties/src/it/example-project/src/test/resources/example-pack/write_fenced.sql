select ex_write_fenced(:job_key, :token, :result_id, :payload)
