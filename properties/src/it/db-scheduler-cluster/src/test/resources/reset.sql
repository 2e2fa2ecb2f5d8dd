-- a run starts from no execution, no firing, no run and no result; the job key's fence goes too, so tokens start at 1
delete from scheduled_tasks;
delete from fencecheck_kit_firings;
delete from fencecheck_kit_runs;
delete from fencecheck_kit_latest;
delete from fencecheck_kit_fences;
