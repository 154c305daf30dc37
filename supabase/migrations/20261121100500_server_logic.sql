-- Server-owned progression and side effects, all by triggers so that a plain PostgREST write and an
-- RPC give the same result, and a replayed write gives none twice.
--
-- - XP goes through the ledger (xp_events, unique per user+source+source_id): +5 per user and planned
--   date (dates from yesterday to 90 days ahead), +10 per confirmed rest day, +5 to the recipient per flex (sender+activity), the daily
--   challenge's points per UTC date. profiles.xp/level follow each ledger insert.
-- - Streaks are recomputed (compute_streaks in the user's time zone) whenever a day is covered or
--   uncovered: a workout inserted, moved or (un)deleted, a rest day (un)confirmed, the time zone changed.
-- - Feed activities, notifications and achievements are inserted with deterministic ids.
--
-- Validators (BEFORE triggers) run as the caller (security invoker), so they see only what RLS lets the
-- caller see: a flex on an invisible activity reads as "not found". Effects (AFTER triggers) write rows
-- the caller may not write (ledger, another user's notification): those are security definer; none
-- is callable over the API (schema private, execute revoked).

-- helpers ---------------------------------------------------------------------------------------------

create function private.award_xp(p_user uuid, p_source text, p_source_id text, p_amount int) returns boolean
language plpgsql security definer set search_path = ''
as $$
begin
  insert into public.xp_events (user_id, source, source_id, amount)
  values (p_user, p_source, p_source_id, p_amount)
  on conflict (user_id, source, source_id) do nothing;
  return found;
end
$$;

-- Unlocks every achievement of `p_kind` whose threshold `p_value` reaches, each once, with a feed entry.
create function private.unlock_achievements(p_user uuid, p_kind text, p_value bigint) returns void
language sql security definer set search_path = ''
as $$
  with unlocked as (
    insert into public.user_achievements (id, user_id, achievement_id)
    select p_user::text || ':' || a.id, p_user, a.id
    from public.achievements a
    where a.kind = p_kind and a.threshold <= p_value and not a._deleted
    on conflict (id) do nothing
    returning achievement_id
  )
  insert into public.activities (id, user_id, kind, achievement_id)
  select 'achievement:' || p_user::text || ':' || u.achievement_id, p_user, 'achievement_unlocked', u.achievement_id
  from unlocked u
  on conflict (id) do nothing
$$;

create function private.user_today(p_user uuid) returns date
language sql stable security definer set search_path = ''
as $$
  select (pg_catalog.now() at time zone coalesce((select p.timezone from public.profiles p where p.id = p_user), 'UTC'))::date
$$;
grant execute on function private.user_today(uuid) to authenticated, service_role;

create function private.refresh_streaks(p_user uuid) returns void
language plpgsql security definer set search_path = ''
as $$
declare
  v_today date := private.user_today(p_user);
  v_current int;
  v_best int;
begin
  select s.current_streak, s.best_streak into v_current, v_best
  from public.compute_streaks(array(
    select w.date from public.workouts w where w.user_id = p_user and not w._deleted and w.date <= v_today
    union
    select r.day from public.rest_days r where r.user_id = p_user and not r._deleted and r.day <= v_today
  ), v_today) s;
  update public.profiles p set current_streak = v_current, best_streak = v_best
  where p.id = p_user and (p.current_streak, p.best_streak) is distinct from (v_current, v_best);
  perform private.unlock_achievements(p_user, 'streak', v_best);
end
$$;

create function private.notify(
  p_id text, p_user uuid, p_type text, p_actor uuid,
  p_friend_request_id text default null, p_workout_id text default null,
  p_join_request_id text default null, p_activity_id text default null) returns void
language sql security definer set search_path = ''
as $$
  insert into public.notifications (id, user_id, type, actor_id, friend_request_id, workout_id, join_request_id, activity_id)
  values (p_id, p_user, p_type, p_actor, p_friend_request_id, p_workout_id, p_join_request_id, p_activity_id)
  on conflict (id) do nothing
$$;

-- XP ledger -> profile ------------------------------------------------------------------------------

create function private.xp_events_after_insert() returns trigger
language plpgsql security definer set search_path = ''
as $$
declare
  v_old_level int;
  v_xp bigint;
  v_level int;
begin
  select p.level, p.xp + new.amount into v_old_level, v_xp from public.profiles p where p.id = new.user_id for update;
  v_level := public.level_from_total_xp(v_xp);
  update public.profiles p set xp = v_xp, level = v_level where p.id = new.user_id;
  if v_level > v_old_level then
    insert into public.activities (id, user_id, kind, level)
    values ('level:' || new.user_id::text || ':' || v_level, new.user_id, 'level_up', v_level)
    on conflict (id) do nothing;
    perform private.unlock_achievements(new.user_id, 'level', v_level);
  end if;
  return null;
end
$$;
create trigger xp_events_after_insert after insert on public.xp_events
  for each row execute function private.xp_events_after_insert();

-- profiles: a new time zone moves "today" ------------------------------------------------------------

create function private.profiles_after_update() returns trigger
language plpgsql security definer set search_path = ''
as $$
begin
  perform private.refresh_streaks(new.id);
  return null;
end
$$;
create trigger profiles_after_timezone after update of timezone on public.profiles
  for each row when (old.timezone is distinct from new.timezone)
  execute function private.profiles_after_update();

-- workouts ------------------------------------------------------------------------------------------

create function private.workouts_after_write() returns trigger
language plpgsql security definer set search_path = ''
as $$
begin
  if tg_op = 'UPDATE' and new.date = old.date and new._deleted = old._deleted then
    return null;
  end if;
  if not new._deleted then
    -- Planning earns XP for dates from yesterday to 90 days ahead (in the user's zone), so that filling
    -- the calendar of past or distant dates cannot farm XP; the workout itself is stored either way.
    if new.date between private.user_today(new.user_id) - 1 and private.user_today(new.user_id) + 90 then
      perform private.award_xp(new.user_id, 'workout_planned', new.user_id::text || ':' || new.date::text, 5);
    end if;
    perform private.unlock_achievements(new.user_id, 'workouts', 1);
  end if;
  insert into public.activities (id, user_id, kind, workout_id, _deleted)
  values ('workout:' || new.id, new.user_id,
          case when new.joined_from is null then 'workout_planned' else 'workout_joined' end, new.id, new._deleted)
  on conflict (id) do update set _deleted = excluded._deleted
    where public.activities._deleted is distinct from excluded._deleted;
  perform private.refresh_streaks(new.user_id);
  return null;
end
$$;
create trigger workouts_after_write after insert or update on public.workouts
  for each row execute function private.workouts_after_write();

-- rest days -----------------------------------------------------------------------------------------

-- A rest day is confirmed for "today" in the user's zone; two days back and one ahead are accepted so
-- that an offline confirmation replayed late, or a device a zone away, still lands.
create function private.rest_days_before_insert() returns trigger
language plpgsql security invoker set search_path = ''
as $$
declare
  v_today date := private.user_today(new.user_id);
begin
  new.id := coalesce(new.id, new.user_id::text || ':' || new.day::text);
  new.confirmed_at := pg_catalog.now();
  if new.day < v_today - 2 or new.day > v_today + 1 then
    raise exception 'A rest day can only be confirmed for today' using errcode = 'SPR01';
  end if;
  return new;
end
$$;
create trigger rest_days_before_insert before insert on public.rest_days
  for each row execute function private.rest_days_before_insert();

create function private.rest_days_after_write() returns trigger
language plpgsql security definer set search_path = ''
as $$
begin
  if tg_op = 'UPDATE' and new._deleted = old._deleted then
    return null;
  end if;
  if not new._deleted then
    perform private.award_xp(new.user_id, 'rest_day', new.id, 10);
    perform private.unlock_achievements(new.user_id, 'rest_days',
      (select count(*) from public.rest_days r where r.user_id = new.user_id and not r._deleted));
  end if;
  insert into public.activities (id, user_id, kind, rest_day_id, _deleted)
  values ('rest_day:' || new.id, new.user_id, 'rest_day_confirmed', new.id, new._deleted)
  on conflict (id) do update set _deleted = excluded._deleted
    where public.activities._deleted is distinct from excluded._deleted;
  perform private.refresh_streaks(new.user_id);
  return null;
end
$$;
create trigger rest_days_after_write after insert or update on public.rest_days
  for each row execute function private.rest_days_after_write();

-- check-ins -----------------------------------------------------------------------------------------

-- The check-in time is the client's (an offline check-in replays with its real time) but never in the
-- future and at most 7 days old; the gym must be a verified one.
create function private.check_ins_before_write() returns trigger
language plpgsql security invoker set search_path = ''
as $$
begin
  if tg_op = 'INSERT' then
    new.checked_in_at := least(coalesce(new.checked_in_at, pg_catalog.now()), pg_catalog.now());
    new.checked_out_at := null;
    new.created_at := pg_catalog.now();
    if new.checked_in_at < pg_catalog.now() - interval '7 days' then
      raise exception 'Check-in is too old' using errcode = 'SPV01';
    end if;
    if not exists (select 1 from public.gyms g where g.id = new.gym_id and g.verified and not g._deleted) then
      raise exception 'Gym not found' using errcode = 'SPG01';
    end if;
  elsif old.checked_out_at is not null then
    new.checked_out_at := old.checked_out_at;   -- checking out twice keeps the first time
  elsif new.checked_out_at is not null then
    new.checked_out_at := greatest(new.checked_in_at, least(new.checked_out_at, pg_catalog.now()));
  end if;
  return new;
end
$$;
create trigger check_ins_before_write before insert or update on public.check_ins
  for each row execute function private.check_ins_before_write();

create function private.check_ins_after_insert() returns trigger
language plpgsql security definer set search_path = ''
as $$
begin
  -- One place at a time: an earlier open check-in ends where this one starts.
  update public.check_ins c set checked_out_at = new.checked_in_at
  where c.user_id = new.user_id and c.id <> new.id and c.checked_out_at is null and c.checked_in_at <= new.checked_in_at;
  update public.profiles p set last_active_at = greatest(p.last_active_at, new.checked_in_at)
  where p.id = new.user_id and p.last_active_at is distinct from greatest(p.last_active_at, new.checked_in_at);
  insert into public.activities (id, user_id, kind, gym_id, check_in_id, created_at)
  values ('check_in:' || new.id, new.user_id, 'check_in', new.gym_id, new.id, new.checked_in_at)
  on conflict (id) do nothing;
  perform private.unlock_achievements(new.user_id, 'check_ins',
    (select count(*) from public.check_ins c where c.user_id = new.user_id and not c._deleted));
  return null;
end
$$;
create trigger check_ins_after_insert after insert on public.check_ins
  for each row execute function private.check_ins_after_insert();

-- home gyms: at most 3 active rows per user, verified gyms only ---------------------------------------

create function private.home_gyms_before_write() returns trigger
language plpgsql security invoker set search_path = ''
as $$
begin
  if tg_op = 'INSERT' then
    new.id := coalesce(new.id, new.user_id::text || ':' || new.gym_id);
    if not exists (select 1 from public.gyms g where g.id = new.gym_id and g.verified and not g._deleted) then
      raise exception 'Gym not found' using errcode = 'SPG01';
    end if;
  end if;
  if not new._deleted and (tg_op = 'INSERT' or old._deleted) then
    -- Serialise a user's concurrent changes so two inserts cannot both see room for a third gym.
    perform pg_catalog.pg_advisory_xact_lock(pg_catalog.hashtext('home_gyms:' || new.user_id::text));
    if (select count(*) from public.home_gyms h
        where h.user_id = new.user_id and not h._deleted and h.id <> new.id) >= 3 then
      raise exception 'You can choose at most 3 home gyms' using errcode = 'SPG02';
    end if;
  end if;
  return new;
end
$$;
create trigger home_gyms_before_write before insert or update on public.home_gyms
  for each row execute function private.home_gyms_before_write();

-- user settings: one row per user, id = user id -------------------------------------------------------

create function private.user_settings_before_insert() returns trigger
language plpgsql security invoker set search_path = ''
as $$
begin
  new.id := coalesce(new.id, new.user_id::text);
  return new;
end
$$;
create trigger user_settings_before_insert before insert on public.user_settings
  for each row execute function private.user_settings_before_insert();

-- friend requests -----------------------------------------------------------------------------------

-- The refusals carry the spec's texts (docs/database.md maps the codes).
create function private.friend_requests_before_insert() returns trigger
language plpgsql security invoker set search_path = ''
as $$
begin
  new.status := 'pending';
  new.responded_at := null;
  new.created_at := pg_catalog.now();
  if new.sender_id = new.receiver_id then
    raise exception 'You cannot add yourself as a friend' using errcode = 'SPF01';
  end if;
  if not private.profile_exists(new.receiver_id) then
    raise exception 'User not found' using errcode = 'SPF04';
  end if;
  if private.are_friends(new.sender_id, new.receiver_id) then
    raise exception 'You are already friends' using errcode = 'SPF02';
  end if;
  if exists (select 1 from public.friend_requests r
             where r.status = 'pending'
               and ((r.sender_id = new.sender_id and r.receiver_id = new.receiver_id)
                 or (r.sender_id = new.receiver_id and r.receiver_id = new.sender_id))) then
    raise exception 'Friend request already exists' using errcode = 'SPF03';
  end if;
  return new;
end
$$;
create trigger friend_requests_before_insert before insert on public.friend_requests
  for each row execute function private.friend_requests_before_insert();

create function private.friend_requests_before_update() returns trigger
language plpgsql security invoker set search_path = ''
as $$
declare
  v_uid uuid := auth.uid();
begin
  if new.status = old.status then
    return new;
  end if;
  if old.status <> 'pending' then
    raise exception 'Friend request is no longer pending' using errcode = 'SPF07';
  end if;
  if new.status in ('accepted', 'declined') and v_uid is distinct from old.receiver_id and v_uid is not null then
    raise exception 'Only the receiver can respond to a friend request' using errcode = 'SPF06';
  end if;
  if new.status = 'cancelled' and v_uid is distinct from old.sender_id and v_uid is not null then
    raise exception 'Only the sender can cancel a friend request' using errcode = 'SPF06';
  end if;
  new.responded_at := pg_catalog.now();
  return new;
end
$$;
create trigger friend_requests_before_update before update on public.friend_requests
  for each row execute function private.friend_requests_before_update();

create function private.friend_requests_after_write() returns trigger
language plpgsql security definer set search_path = ''
as $$
begin
  if tg_op = 'INSERT' then
    perform private.notify('friend_request_received:' || new.id, new.receiver_id, 'friend_request_received',
                           new.sender_id, p_friend_request_id => new.id);
  elsif new.status = 'accepted' and old.status = 'pending' then
    insert into public.friendships (id, user_id, friend_id)
    values (new.sender_id::text || ':' || new.receiver_id::text, new.sender_id, new.receiver_id),
           (new.receiver_id::text || ':' || new.sender_id::text, new.receiver_id, new.sender_id)
    on conflict (id) do update set _deleted = false, created_at = pg_catalog.now()
      where public.friendships._deleted;
    insert into public.activities (id, user_id, kind, friend_id)
    values ('friend:' || new.sender_id::text || ':' || new.receiver_id::text, new.sender_id, 'new_friend', new.receiver_id),
           ('friend:' || new.receiver_id::text || ':' || new.sender_id::text, new.receiver_id, 'new_friend', new.sender_id)
    on conflict (id) do nothing;
    perform private.notify('friend_request_accepted:' || new.id, new.sender_id, 'friend_request_accepted',
                           new.receiver_id, p_friend_request_id => new.id);
    perform private.unlock_achievements(new.sender_id, 'friends', 1);
    perform private.unlock_achievements(new.receiver_id, 'friends', 1);
  end if;
  return null;
end
$$;
create trigger friend_requests_after_write after insert or update on public.friend_requests
  for each row execute function private.friend_requests_after_write();

-- flexes --------------------------------------------------------------------------------------------

create function private.flexes_before_insert() returns trigger
language plpgsql security invoker set search_path = ''
as $$
declare
  v_owner uuid;
begin
  select a.user_id into v_owner from public.activities a where a.id = new.activity_id and not a._deleted;
  if v_owner is null then
    raise exception 'Activity not found' using errcode = 'SPL02';
  end if;
  if v_owner = new.sender_id then
    raise exception 'You cannot flex your own activity' using errcode = 'SPL01';
  end if;
  if not private.are_friends(new.sender_id, v_owner) then
    raise exception 'You can only flex a friend''s activity' using errcode = 'SPL03';
  end if;
  new.recipient_id := v_owner;
  new.created_at := pg_catalog.now();
  return new;
end
$$;
create trigger flexes_before_insert before insert on public.flexes
  for each row execute function private.flexes_before_insert();

create function private.flexes_after_insert() returns trigger
language plpgsql security definer set search_path = ''
as $$
begin
  perform private.award_xp(new.recipient_id, 'flex_received', new.sender_id::text || ':' || new.activity_id, 5);
  perform private.notify('flex:' || new.sender_id::text || ':' || new.activity_id, new.recipient_id, 'flex_received',
                         new.sender_id, p_activity_id => new.activity_id);
  perform private.unlock_achievements(new.sender_id, 'flexes_given', 1);
  return null;
end
$$;
create trigger flexes_after_insert after insert on public.flexes
  for each row execute function private.flexes_after_insert();

-- workout join requests -----------------------------------------------------------------------------

create function private.workout_join_requests_before_insert() returns trigger
language plpgsql security invoker set search_path = ''
as $$
declare
  v_owner uuid;
begin
  select w.user_id into v_owner from public.workouts w where w.id = new.workout_id and not w._deleted;
  if v_owner is null or (v_owner <> new.requester_id and not private.are_friends(new.requester_id, v_owner)) then
    raise exception 'Workout not found' using errcode = 'SPW01';
  end if;
  if v_owner = new.requester_id then
    raise exception 'You cannot join your own workout' using errcode = 'SPW03';
  end if;
  if new.replace_workout_id is not null and not exists (
       select 1 from public.workouts w where w.id = new.replace_workout_id and w.user_id = new.requester_id) then
    raise exception 'Workout not found' using errcode = 'SPW01';
  end if;
  new.owner_id := v_owner;
  new.status := 'pending';
  new.copy_workout_id := null;
  new.responded_at := null;
  new.created_at := pg_catalog.now();
  return new;
end
$$;
create trigger workout_join_requests_before_insert before insert on public.workout_join_requests
  for each row execute function private.workout_join_requests_before_insert();

create function private.workout_join_requests_before_update() returns trigger
language plpgsql security invoker set search_path = ''
as $$
begin
  if new.status = old.status then
    return new;
  end if;
  if old.status <> 'pending' then
    raise exception 'Join request is no longer pending' using errcode = 'SPW05';
  end if;
  if auth.uid() is not null and auth.uid() <> old.owner_id then
    raise exception 'Only the workout owner can respond to a join request' using errcode = 'SPW02';
  end if;
  new.responded_at := pg_catalog.now();
  if new.status = 'accepted' then
    new.copy_workout_id := 'join-' || new.id;
  end if;
  return new;
end
$$;
create trigger workout_join_requests_before_update before update on public.workout_join_requests
  for each row execute function private.workout_join_requests_before_update();

create function private.workout_join_requests_after_write() returns trigger
language plpgsql security definer set search_path = ''
as $$
begin
  if tg_op = 'INSERT' then
    perform private.notify('join_request_received:' || new.id, new.owner_id, 'workout_join_request_received',
                           new.requester_id, p_workout_id => new.workout_id, p_join_request_id => new.id);
  elsif new.status = 'accepted' and old.status = 'pending' then
    if new.replace_workout_id is not null then
      update public.workouts w set _deleted = true
      where w.id = new.replace_workout_id and w.user_id = new.requester_id and not w._deleted;
    end if;
    insert into public.workouts (id, user_id, type, preset, title, date, time, duration_min, joined_from)
    select new.copy_workout_id, new.requester_id, w.type, w.preset, w.title, w.date, w.time, w.duration_min, w.id
    from public.workouts w where w.id = new.workout_id
    on conflict (id) do nothing;
    perform private.notify('join_request_accepted:' || new.id, new.requester_id, 'workout_join_request_accepted',
                           new.owner_id, p_workout_id => new.workout_id, p_join_request_id => new.id);
    perform private.notify('workout_joined:' || new.id, new.owner_id, 'workout_joined',
                           new.requester_id, p_workout_id => new.workout_id, p_join_request_id => new.id);
    perform private.unlock_achievements(new.requester_id, 'joins', 1);
  end if;
  return null;
end
$$;
create trigger workout_join_requests_after_write after insert or update on public.workout_join_requests
  for each row execute function private.workout_join_requests_after_write();

-- daily challenge completions -----------------------------------------------------------------------

create function private.daily_challenge_completions_before_insert() returns trigger
language plpgsql security invoker set search_path = ''
as $$
declare
  v_expected text;
  v_points int;
begin
  new.completed_on := (pg_catalog.now() at time zone 'UTC')::date;
  new.id := new.user_id::text || ':' || new.completed_on::text;
  select c.challenge_id, c.points into v_expected, v_points from public.get_daily_challenge(new.completed_on) c;
  if new.challenge_id is distinct from v_expected then
    raise exception 'This is not today''s challenge' using errcode = 'SPC01';
  end if;
  new.points := v_points;
  new.created_at := pg_catalog.now();
  return new;
end
$$;
create trigger daily_challenge_completions_before_insert before insert on public.daily_challenge_completions
  for each row execute function private.daily_challenge_completions_before_insert();

create function private.daily_challenge_completions_after_insert() returns trigger
language plpgsql security definer set search_path = ''
as $$
begin
  perform private.award_xp(new.user_id, 'daily_challenge', new.id, new.points);
  insert into public.activities (id, user_id, kind, challenge_id)
  values ('challenge:' || new.id, new.user_id, 'challenge_completed', new.challenge_id)
  on conflict (id) do nothing;
  perform private.unlock_achievements(new.user_id, 'daily_challenges',
    (select count(*) from public.daily_challenge_completions d where d.user_id = new.user_id and not d._deleted));
  return null;
end
$$;
create trigger daily_challenge_completions_after_insert after insert on public.daily_challenge_completions
  for each row execute function private.daily_challenge_completions_after_insert();
