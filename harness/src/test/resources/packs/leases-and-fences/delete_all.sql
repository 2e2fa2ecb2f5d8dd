delete from lf_outputs;
delete from lf_fences;
delete from lf_leases
