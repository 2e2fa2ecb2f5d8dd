-- Spring Integration's lock table, as its schema-postgresql.sql declares it (7.x); the token, its trigger and the
-- sinks are fencecheck's kit.
create table if not exists int_lock (
    lock_key      char(36)     not null,
    region        varchar(100) not null,
    client_id     char(36),
    created_date  timestamp    not null,
    expired_after timestamp    not null,
    constraint int_lock_pk primary key (lock_key, region)
);
