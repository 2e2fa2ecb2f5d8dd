-- db-scheduler's table, as db-scheduler gives it for PostgreSQL; the token, its trigger and the sinks are
-- fencecheck's kit.
create table if not exists scheduled_tasks (
    task_name            text not null,
    task_instance        text not null,
    task_data            bytea,
    execution_time       timestamp with time zone not null,
    picked               boolean not null,
    picked_by            text,
    last_success         timestamp with time zone,
    last_failure         timestamp with time zone,
    consecutive_failures int,
    last_heartbeat       timestamp with time zone,
    version              bigint not null,
    priority             smallint,
    primary key (task_name, task_instance)
);
create index if not exists execution_time_idx on scheduled_tasks (execution_time);
create index if not exists last_heartbeat_idx on scheduled_tasks (last_heartbeat);
-- every cluster run starts from no execution: the node that starts first schedules the one recurring one
delete from scheduled_tasks;
