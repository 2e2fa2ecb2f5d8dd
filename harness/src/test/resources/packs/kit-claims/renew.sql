-- The owner extends its claim while it lasts: the claim time becomes now.
update kit_claims
   set claimed_at = to_char(clock_timestamp() at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')
 where processor = 'fencecheck'
   and segment = :job_key
   and owner = :owner::text
   and claimed_at::timestamptz + :ttl_micros * interval '1 microsecond' >= clock_timestamp()
returning claimed_at::timestamptz + :ttl_micros * interval '1 microsecond'
