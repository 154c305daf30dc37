-- Streak rules that can be neither gamed nor lost (issue 13; docs/decisions.md, "Streak rules: record,
-- no backfilling, travel"). Same numbers as src/domain/streaks.ts, checked against test/vectors/streaks.json.
--
-- - best_streak is a record: refresh_streaks keeps the greater of the stored and the computed best, so
--   uncovering a past day (a workout deleted or moved, a rest day undone) never lowers it.
--   current_streak keeps following the covered days.
-- - No backfilling: a workout that reaches the server dated more than 2 days before the user's today
--   covers no day, earns no XP, makes no feed entry and unlocks nothing; it is kept as plain history.
--   workouts.covers_day holds that judgment, made by the server when the row arrives (and again when
--   its date changes or it is undeleted), whatever the client sent. Rest days: inserts before today - 2
--   were refused already; undeleting one (undo, then redo weeks later) is refused the same way now.
--   Rows written without an end user (service role seeding, the database owner) keep the covers_day
--   they were written with (default true): only end users are clients.
-- - Time zones and travel: profiles.timezone follows the device. The streak's today is the later of
--   today in the profile's zone and the latest day the streak was already judged at
--   (private.streak_state.judged_day), so flying west never turns a covered day into a future one. A
--   change of zone eastward that skips a calendar day (more than 24 hours of offset, e.g. Pago Pago to
--   Kiritimati) while the streak is alive bridges that day: the run survives it, its length does not
--   grow. A day once covered stays covered (days are calendar dates, not instants).
--
-- The windows for XP and covering use today in the profile's zone (private.user_today), as before.

-- Existing rows keep covering their days (default true): the rule applies from now on.
alter table public.workouts add column covers_day boolean not null default true;
comment on column public.workouts.covers_day is
  'Server-owned: false when the workout reached the server (or was moved, or undeleted) dated more than 2 days before the user''s today; such a workout covers no day, earns no XP and makes no feed entry.';

-- the pure rule ------------------------------------------------------------------------------------

-- p_today: today in the user's zone; p_floor: the latest day already judged (null: none); p_bridged:
-- bridged days (covered-like for runs, no length); p_record: the stored best (null or 0: none).
create function public.compute_streaks(
  p_days date[], p_today date, p_floor date, p_bridged date[], p_record int,
  out current_streak int, out best_streak int)
language sql immutable security invoker set search_path = ''
as $$
  with t as (
    select greatest(p_today, coalesce(p_floor, p_today)) as today
  ),
  covered as (
    select distinct x as day from pg_catalog.unnest(p_days) as x, t where x is not null and x <= t.today
  ),
  d as (
    select day, true as covered from covered
    union all
    select b.day, false from (
      select x as day from pg_catalog.unnest(p_bridged) as x, t where x is not null and x <= t.today
      except
      select day from covered
    ) b
  ),
  runs as (
    select max(day) as last_day, (count(*) filter (where covered))::int as len
    from (select day, covered, day - (row_number() over (order by day))::int as grp from d) g
    group by grp
  )
  select
    coalesce((select r.len from runs r, t where r.last_day in (t.today, t.today - 1)
              order by r.last_day desc limit 1), 0),
    greatest(coalesce((select max(r.len) from runs r), 0), coalesce(p_record, 0))
$$;

-- The two-argument form is the same rule without floor, bridges or record.
create or replace function public.compute_streaks(
  p_days date[], p_today date, out current_streak int, out best_streak int)
language sql immutable security invoker set search_path = ''
as $$
  select s.current_streak, s.best_streak from public.compute_streaks(p_days, p_today, null, null, 0) s
$$;

revoke execute on function public.compute_streaks(date[], date, date, date[], int) from public, anon;
grant execute on function public.compute_streaks(date[], date, date, date[], int)
  to anon, authenticated, service_role;

-- server-owned streak state --------------------------------------------------------------------------

-- Not in public: no client reads or writes it (bridged days would tell friends about a trip).
create table private.streak_state (
  user_id uuid primary key references public.profiles (id) on delete cascade,
  judged_day date,
  bridged_days date[] not null default '{}'
);
revoke all on private.streak_state from public, anon, authenticated;

-- The covered days of a user up to p_until: workouts that cover their day, and confirmed rest days.
create function private.covered_days(p_user uuid, p_until date) returns date[]
language sql stable security definer set search_path = ''
as $$
  select array(
    select w.date from public.workouts w
    where w.user_id = p_user and not w._deleted and w.covers_day and w.date <= p_until
    union
    select r.day from public.rest_days r where r.user_id = p_user and not r._deleted and r.day <= p_until)
$$;

create or replace function private.refresh_streaks(p_user uuid) returns void
language plpgsql security definer set search_path = ''
as $$
declare
  v_state private.streak_state;
  v_day date;
  v_current int;
  v_best int;
begin
  -- The profile row first, then the streak state: the order a change of zone takes too (its UPDATE holds
  -- the profile row), so the two cannot deadlock; and concurrent refreshes of one user take turns, the
  -- later one reading the stored best the earlier one wrote.
  perform 1 from public.profiles p where p.id = p_user for update;
  select * into v_state from private.streak_state s where s.user_id = p_user;
  v_day := greatest(private.user_today(p_user), v_state.judged_day);
  select s.current_streak, s.best_streak into v_current, v_best
  from public.compute_streaks(private.covered_days(p_user, v_day), v_day, null, v_state.bridged_days,
                              (select p.best_streak from public.profiles p where p.id = p_user)) s;
  insert into private.streak_state (user_id, judged_day) values (p_user, v_day)
  on conflict (user_id) do update set judged_day = excluded.judged_day
    where private.streak_state.judged_day is distinct from excluded.judged_day;
  update public.profiles p set current_streak = v_current, best_streak = v_best
  where p.id = p_user and (p.current_streak, p.best_streak) is distinct from (v_current, v_best);
  perform private.unlock_achievements(p_user, 'streak', v_best);
end
$$;

-- profiles: a change of zone ------------------------------------------------------------------------

-- Runs before refresh_streaks (same trigger). When the streak is alive at the old zone's today (the
-- later of today there and the day already judged), that day counts as judged: the streak's today never
-- moves back to before it (flying west). Days the new zone skips after it (flying east) are bridged.
-- Only more than 24 hours of offset skips a day, so at most one day is bridged per change. A dead
-- streak has nothing to keep: then only refresh_streaks moves the judged day.
create or replace function private.profiles_after_update() returns trigger
language plpgsql security definer set search_path = ''
as $$
declare
  v_state private.streak_state;
  v_old_day date;
  v_new_day date;
  v_bridged date[];
begin
  insert into private.streak_state (user_id) values (new.id) on conflict (user_id) do nothing;
  select * into v_state from private.streak_state s where s.user_id = new.id for update;
  v_old_day := greatest((pg_catalog.now() at time zone old.timezone)::date, v_state.judged_day);
  v_new_day := (pg_catalog.now() at time zone new.timezone)::date;
  if (select s.current_streak > 0
      from public.compute_streaks(private.covered_days(new.id, v_old_day), v_old_day, null,
                                  v_state.bridged_days, 0) s) then
    v_bridged := v_state.bridged_days;
    if v_new_day - v_old_day >= 2 then
      v_bridged := array(
        select distinct x from pg_catalog.unnest(v_bridged || array(
          select v_old_day + i from pg_catalog.generate_series(1, v_new_day - v_old_day - 1) as i)) as x
        order by x);
    end if;
    update private.streak_state s set judged_day = v_old_day, bridged_days = v_bridged where s.user_id = new.id;
  end if;
  perform private.refresh_streaks(new.id);
  return null;
end
$$;

-- workouts: covers_day ------------------------------------------------------------------------------

-- Named so that it runs before zz_touch_modified. The client has no privilege on the column; the
-- trigger also overwrites whatever a privileged path (push_rows) might carry.
create function private.workouts_before_write() returns trigger
language plpgsql security invoker set search_path = ''
as $$
begin
  if auth.uid() is null then
    return new;  -- no end user: service role seeding or the owner; covers_day as written
  end if;
  if tg_op = 'INSERT' or new.date is distinct from old.date or (old._deleted and not new._deleted) then
    new.covers_day := new.date >= private.user_today(new.user_id) - 2;
  else
    new.covers_day := old.covers_day;
  end if;
  return new;
end
$$;
create trigger workouts_before_write before insert or update on public.workouts
  for each row execute function private.workouts_before_write();

-- Planning earns XP for dates from today - 2 (the covering window) to 90 days ahead; a workout that
-- covers no day earns nothing, unlocks nothing and has no feed entry (an existing one is deleted when a
-- workout is moved out of the window).
create or replace function private.workouts_after_write() returns trigger
language plpgsql security definer set search_path = ''
as $$
declare
  v_today date;
begin
  if tg_op = 'UPDATE' and new.date = old.date and new._deleted = old._deleted and new.covers_day = old.covers_day then
    return null;
  end if;
  if new.covers_day and not new._deleted then
    v_today := private.user_today(new.user_id);
    if new.date between v_today - 2 and v_today + 90 then
      perform private.award_xp(new.user_id, 'workout_planned', new.user_id::text || ':' || new.date::text, 5);
    end if;
    perform private.unlock_achievements(new.user_id, 'workouts', 1);
  end if;
  if new.covers_day then
    insert into public.activities (id, user_id, kind, workout_id, _deleted)
    values ('workout:' || new.id, new.user_id,
            case when new.joined_from is null then 'workout_planned' else 'workout_joined' end, new.id, new._deleted)
    on conflict (id) do update set _deleted = excluded._deleted
      where public.activities._deleted is distinct from excluded._deleted;
  else
    update public.activities a set _deleted = true where a.id = 'workout:' || new.id and not a._deleted;
  end if;
  perform private.refresh_streaks(new.user_id);
  return null;
end
$$;

-- rest days: no undelete outside the window ---------------------------------------------------------

create function private.rest_days_before_update() returns trigger
language plpgsql security invoker set search_path = ''
as $$
declare
  v_today date;
begin
  if old._deleted and not new._deleted then
    v_today := private.user_today(new.user_id);
    if new.day < v_today - 2 or new.day > v_today + 1 then
      raise exception 'A rest day can only be confirmed for today' using errcode = 'SPR01';
    end if;
  end if;
  return new;
end
$$;
create trigger rest_days_before_update before update on public.rest_days
  for each row execute function private.rest_days_before_update();

revoke execute on function private.covered_days(uuid, date), private.workouts_before_write(),
  private.rest_days_before_update() from public, anon;
