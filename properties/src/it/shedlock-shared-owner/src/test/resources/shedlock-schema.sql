-- ShedLock's table, as ShedLock documents it for PostgreSQL; the token, its trigger and the sinks are fencecheck's kit.
create table if not exists shedlock (
    name       varchar(64)  not null,
    lock_until timestamp    not null,
    locked_at  timestamp    not null,
    locked_by  varchar(255) not null,
    primary key (name)
);
