-- a cluster run starts from no firing, no run and no result; the job keys' fences go too, so tokens start at 1
delete from fencecheck_kit_firings;
delete from fencecheck_kit_runs;
delete from fencecheck_kit_latest;
delete from fencecheck_kit_fenced;
delete from fencecheck_kit_fences
