-- A claim table as token stores keep one: a row per processor and segment
-- (the lock's name is both), claimed by owner (null: nobody) at claimed_at, the
-- time of the latest claim or extension kept as ISO-8601 text. A claim lasts
-- one lease length after that time; nothing in the row says when it ends.
create table if not exists kit_claims (
    processor  text not null,
    segment    text not null,
    owner      text,
    claimed_at text,
    primary key (processor, segment)
);
