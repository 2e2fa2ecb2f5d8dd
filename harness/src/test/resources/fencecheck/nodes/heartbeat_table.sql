create table if not exists public.fencecheck_node_heartbeat (
    run  text        not null,
    node int         not null,
    at   timestamptz not null
)
