-- A resource nobody holds (no row, expired: expires_at <= now, or released)
-- goes to the caller under the next epoch; the caller's own valid lease is
-- handed back unchanged; anyone else's valid lease is refused (no row).
-- The fence row follows every new grant in the same statement.
with granted as (
    insert into lf_leases as l (resource, holder, expires_at, epoch, released)
    values (:job_key, :owner, clock_timestamp() + :ttl_micros * interval '1 microsecond', 1, false)
    on conflict (resource) do update
       set holder     = excluded.holder,
           expires_at = case when l.released or l.expires_at <= clock_timestamp() then excluded.expires_at
                             else l.expires_at end,
           epoch      = case when l.released or l.expires_at <= clock_timestamp() then l.epoch + 1
                             else l.epoch end,
           released   = false
     where l.released
        or l.expires_at <= clock_timestamp()
        or l.holder = excluded.holder
    returning resource, epoch, expires_at
),
fenced as (
    insert into lf_fences as f (resource, fence)
    select resource, epoch from granted
    on conflict (resource) do update set fence = excluded.fence
     where f.fence <> excluded.fence
)
select epoch, expires_at from granted
