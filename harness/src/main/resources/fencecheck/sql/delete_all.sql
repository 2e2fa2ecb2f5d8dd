delete from fenced_results;
delete from report_results;
delete from job_leases
