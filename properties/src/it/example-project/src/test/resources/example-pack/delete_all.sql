delete from ex_fenced;
delete from ex_result;
delete from ex_lease
