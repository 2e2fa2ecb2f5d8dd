-- A lock table whose rows say nothing but who holds a name until when: no
-- lease id, no version. Nothing in a row tells a new lease from an extended one.
create table if not exists kit_prolong_locks (
    name        text primary key,
    holder      uuid not null,
    lease_until timestamptz not null
);
