-- One row per job, never deleted, so its token never restarts.
create table if not exists ex_lease (
    job     text primary key,
    holder  uuid not null,
    token   bigint not null,
    expires timestamptz not null
);

-- The latest result of each job, and the results fenced by the current lease.
create table if not exists ex_result (
    job   text primary key,
    token bigint not null,
    body  text not null
);

create table if not exists ex_fenced (
    job       text not null,
    result_id text not null,
    token     bigint not null,
    body      text not null,
    primary key (job, result_id)
);

-- A free job (no row, or expired) goes to the caller under the next token; the
-- caller's own valid lease comes back unchanged; anyone else's: no row.
create or replace function ex_acquire(p_job text, p_holder uuid, p_ttl_micros bigint)
    returns table (granted_token bigint, granted_until timestamptz)
    language plpgsql as $$
declare
    l ex_lease;
begin
    insert into ex_lease (job, holder, token, expires)
    values (p_job, p_holder, 1, clock_timestamp() + p_ttl_micros * interval '1 microsecond')
    on conflict (job) do nothing
    returning * into l;
    if found then
        return query select l.token, l.expires;
        return;
    end if;
    select * into l from ex_lease where job = p_job for update;
    if l.expires <= clock_timestamp() then
        update ex_lease
           set holder = p_holder, token = l.token + 1,
               expires = clock_timestamp() + p_ttl_micros * interval '1 microsecond'
         where job = p_job
        returning * into l;
        return query select l.token, l.expires;
    elsif l.holder = p_holder then
        return query select l.token, l.expires;
    end if;
end
$$;

-- A write is checked against the lease row, held FOR SHARE so that no grant
-- moves the token before the write's transaction ends.
create or replace function ex_write_latest(p_job text, p_token bigint, p_body text)
    returns text
    language plpgsql as $$
declare
    granted bigint;
    stored ex_result;
begin
    select token into granted from ex_lease where job = p_job for share;
    if granted is null or p_token > granted then
        return 'Forged';
    end if;
    insert into ex_result as r (job, token, body) values (p_job, p_token, p_body)
    on conflict (job) do update set token = excluded.token, body = excluded.body
     where r.token < excluded.token;
    if found then
        return 'Applied';
    end if;
    select * into stored from ex_result where job = p_job;
    if stored.token > p_token then
        return 'Stale';
    elsif stored.body = p_body then
        return 'Replayed';
    end if;
    return 'Conflict';
end
$$;

create or replace function ex_write_fenced(p_job text, p_token bigint, p_result_id text, p_body text)
    returns text
    language plpgsql as $$
declare
    granted bigint;
    stored text;
begin
    select token into granted from ex_lease where job = p_job for share;
    if granted is null or p_token > granted then
        return 'Forged';
    elsif p_token < granted then
        return 'Stale';
    end if;
    insert into ex_fenced (job, result_id, token, body) values (p_job, p_result_id, p_token, p_body)
    on conflict (job, result_id) do nothing;
    if found then
        return 'Applied';
    end if;
    select body into stored from ex_fenced where job = p_job and result_id = p_result_id;
    if stored = p_body then
        return 'Replayed';
    end if;
    return 'Conflict';
end
$$;
