create table if not exists job_result (
    job_key    text primary key,
    result     text not null,
    node       int not null,
    firing     bigint not null,
    written_at timestamp with time zone not null
);
create table if not exists job_write (
    job_key    text not null,
    result     text not null,
    node       int not null,
    firing     bigint not null,
    written_at timestamp with time zone not null
);
