-- The lock table of kit-fence-row under a name of its own (the trigger is on it): one row per lock name,
-- held by holder until lease_until; lease_id names each lease (a new one at
-- every takeover, kept when the holder is granted its lease again).
create table if not exists kit_trigger_locks (
    name        text primary key,
    holder      uuid not null,
    lease_until timestamptz not null,
    lease_id    uuid not null
);
