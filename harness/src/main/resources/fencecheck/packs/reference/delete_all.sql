delete from consumer_effects;
delete from consumer_applied;
delete from outbox;
delete from business_rows;
delete from fenced_results;
delete from report_results;
delete from job_leases
