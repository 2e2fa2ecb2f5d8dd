select granted_token as token, granted_until as until
  from ex_acquire(:job_key, :owner::uuid, :ttl_micros)
