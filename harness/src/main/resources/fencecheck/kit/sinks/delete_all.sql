delete from fencecheck_kit_fenced;
delete from fencecheck_kit_latest;
delete from fencecheck_kit_fences;
select fencecheck_kit_delete_locks()
