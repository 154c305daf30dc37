-- private schema, shared trigger helpers and the pure progression rules.
--
-- `private` holds helpers that policies and triggers call. PostgREST exposes only `public`, so nothing
-- here is reachable over the API; execute is still revoked from public by default and granted one by
-- one (policies run their helpers as the calling role, so `authenticated` needs execute on those).
--
-- The pure rules (level curve, streaks) are in `public` so tests and clients can call them directly;
-- they must give the same numbers as src/domain/levels.ts and src/domain/streaks.ts and are checked
-- against test/vectors/levels.json and test/vectors/streaks.json.

create schema if not exists private;
grant usage on schema private to authenticated, service_role;

-- _modified is set from the wall clock at the moment of the write, not the transaction start (now()),
-- so a long transaction cannot commit a row older than a checkpoint a client already pulled, and a
-- client cannot choose its own _modified. Named zz_* on each table so it runs after the validators.
create function private.touch_modified() returns trigger
language plpgsql security invoker set search_path = ''
as $$
begin
  new._modified := pg_catalog.clock_timestamp();
  return new;
end
$$;

-- The caller's user id, or an error: every write RPC needs a signed-in user.
create function private.require_uid() returns uuid
language plpgsql stable security invoker set search_path = ''
as $$
declare
  v_uid uuid := auth.uid();
begin
  if v_uid is null then
    raise exception 'You must be logged in' using errcode = 'SPA01';
  end if;
  return v_uid;
end
$$;
grant execute on function private.require_uid() to authenticated, service_role;
grant execute on function private.touch_modified() to authenticated, service_role;

-- Level curve (spec point 9). Doubles on purpose: see test/vectors/README.md (level 31 needs 6399).
create function public.xp_needed_for_level(n int) returns bigint
language sql immutable strict security invoker set search_path = ''
as $$
  select pg_catalog.floor(100 * pg_catalog.power((greatest(1, n) + 1)::double precision, 1.2::double precision))::bigint
$$;

-- Total XP to reach `level` from zero: sum of the needs of levels 1 .. level - 1 (level clamped 1..10000).
create function public.total_xp_for_level(p_level int) returns bigint
language sql immutable strict security invoker set search_path = ''
as $$
  select coalesce(sum(public.xp_needed_for_level(g)), 0)::bigint
  from pg_catalog.generate_series(1, least(10000, greatest(1, p_level)) - 1) as g
$$;

-- The spec's walk: start at level 1, subtract each need while the rest covers it, stop at level 10000.
create function public.level_progress(
  total bigint,
  out level int, out xp_into_level bigint, out xp_for_next bigint, out progress_percent int)
language plpgsql immutable security invoker set search_path = ''
as $$
declare
  v_need bigint;
begin
  level := 1;
  xp_into_level := greatest(0, coalesce(total, 0));
  loop
    v_need := public.xp_needed_for_level(level);
    exit when level >= 10000 or xp_into_level < v_need;
    xp_into_level := xp_into_level - v_need;
    level := level + 1;
  end loop;
  xp_for_next := public.xp_needed_for_level(level);
  progress_percent := case when xp_for_next <= 0 then 0
                           else least(100, greatest(0, (100 * xp_into_level) / xp_for_next))::int end;
end
$$;

create function public.level_from_total_xp(total bigint) returns int
language sql immutable security invoker set search_path = ''
as $$
  select (public.level_progress(total)).level
$$;

-- Streaks (src/domain/streaks.ts): covered days are days with a workout or a confirmed rest day.
-- current: the run of consecutive covered days ending today, or ending yesterday while today is not
-- covered yet; best: the longest run among days up to and including today. Future days count for
-- neither. Calendar arithmetic on dates only, so DST nights cannot count a day twice or skip one.
create function public.compute_streaks(
  p_days date[], p_today date, out current_streak int, out best_streak int)
language sql immutable security invoker set search_path = ''
as $$
  with d as (
    select distinct x as day from pg_catalog.unnest(p_days) as x where x is not null and x <= p_today
  ),
  runs as (
    select max(day) as last_day, count(*)::int as len
    from (select day, day - (row_number() over (order by day))::int as grp from d) g
    group by grp
  )
  select
    coalesce((select len from runs where last_day in (p_today, p_today - 1) order by last_day desc limit 1), 0),
    coalesce((select max(len) from runs), 0)
$$;
