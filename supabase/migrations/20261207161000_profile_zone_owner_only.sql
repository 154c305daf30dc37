-- A user's time zone is theirs alone (issue 34, item 6).
--
-- profiles.timezone follows the device (travel: docs/decisions.md, "Streak rules"), so anyone who could
-- read the row learnt where its owner is. RLS cannot hide one column of a row, and a column privilege would
-- break every client's `select=*` on profiles (PostgREST selects `profiles.*`, which needs every column),
-- the own device's replication included. So the row itself becomes the owner's:
-- - the profiles table shows a signed-in user their own row only (the zone still syncs to their devices);
-- - everyone else reads people through the definer paths that never carry the zone: profile cards
--   (get_public_profile, discover_people, list_user_friends_with_status, the live cards to friends) and,
--   for a device replicating its friends' rows, get_profile_rows(ids): the row without the zone, for the
--   ids the caller may see under the visibility rule the table policy had (own, public, or friends-only
--   and a friend);
-- - the two security-invoker readers of other people's rows go through definer helpers: the friend's name
--   in get_public_activity (visible_handle, same visibility rule) and the workout owner's today in
--   request_join_workout (private.user_today);
-- - the live card to friends is not sent for a zone change alone (its timing would tell them of travel).
-- The server keeps using the zone for the owner's day (streaks, reminders, flex, join rules).
-- An installed client of the previous version pulled friends' rows from the table: it now gets none of
-- them (its friends' cards go stale until it updates, which the service worker does on the next start);
-- nothing it reads is removed or retyped, and its own row is unchanged.

drop policy "profiles: visible per visibility" on public.profiles;
create policy "profiles: owner reads own row" on public.profiles for select to authenticated
  using (id = (select auth.uid()));

comment on column public.profiles.timezone is
  'The owner''s IANA zone (follows their device). Owner-only: the table shows each user their own row; others read cards and get_profile_rows, which leave it out.';

-- Whether the signed-in user may see this person (the table policy before this migration).
-- private.can_view is that rule: own row, or not deleted and public, or friends-only and a friend.

create function private.profile_rows(p_ids uuid[])
returns table(id uuid, username text, discriminator text, slug text, first_name text, last_name text,
  avatar_id text, profile_picture_url text, level integer, xp bigint, current_streak integer,
  best_streak integer, current_gym_id text, visibility text, last_active_at timestamptz,
  created_at timestamptz, _modified timestamptz, _deleted boolean)
language sql stable security definer set search_path = ''
as $$
  select p.id, p.username, p.discriminator, p.slug, p.first_name, p.last_name, p.avatar_id,
         p.profile_picture_url, p.level, p.xp, p.current_streak, p.best_streak, p.current_gym_id,
         p.visibility, p.last_active_at, p.created_at, p._modified, p._deleted
  from public.profiles p
  where (select auth.uid()) is not null
    and p.id = any (p_ids[1:1000])
    and private.can_view(p.id)
$$;
revoke all on function private.profile_rows(uuid[]) from public, anon;
grant execute on function private.profile_rows(uuid[]) to authenticated, service_role;
comment on function private.profile_rows(uuid[]) is
  'The body of public.get_profile_rows (security invoker wrapper); definer to read rows RLS keeps to their owner, without the zone.';

create function public.get_profile_rows(p_ids uuid[])
returns table(id uuid, username text, discriminator text, slug text, first_name text, last_name text,
  avatar_id text, profile_picture_url text, level integer, xp bigint, current_streak integer,
  best_streak integer, current_gym_id text, visibility text, last_active_at timestamptz,
  created_at timestamptz, _modified timestamptz, _deleted boolean)
language sql stable set search_path = ''
as $$
  select * from private.profile_rows(p_ids)
$$;
revoke all on function public.get_profile_rows(uuid[]) from public, anon;
grant execute on function public.get_profile_rows(uuid[]) to authenticated, service_role;

create function private.visible_handle(p_id uuid)
returns table(username text, discriminator text)
language sql stable security definer set search_path = ''
as $$
  select p.username, p.discriminator from public.profiles p
  where p.id = p_id and private.can_view(p.id)
$$;
revoke all on function private.visible_handle(uuid) from public, anon;
grant execute on function private.visible_handle(uuid) to authenticated, service_role;

create or replace function public.get_public_activity(p_id uuid, p_limit integer default 10)
returns table(id text, kind text, created_at timestamptz, workout_type text, achievement_id text,
  level integer, challenge_id text, gym_name text, friend_username text, friend_discriminator text,
  workout_id text, workout_date date, workout_time time, flex_count integer, flexed_by_me boolean)
language sql stable set search_path = ''
as $$
  select a.id, a.kind, a.created_at, w.type, a.achievement_id, a.level, a.challenge_id, g.name,
         fr.username, fr.discriminator, w.id, w.date, w.time,
         private.activity_flex_count(a.id),
         exists (select 1 from public.flexes fx
                 where fx.activity_id = a.id and fx.sender_id = (select auth.uid()) and not fx._deleted)
  from public.activities a
  left join public.workouts w on w.id = a.workout_id and not w._deleted
  left join public.gyms g on g.id = a.gym_id
  left join lateral private.visible_handle(a.friend_id) fr on true
  where a.user_id = p_id and not a._deleted
  order by a.created_at desc, a.id desc
  limit least(greatest(coalesce(p_limit, 10), 1), 50)
$$;

create or replace function public.request_join_workout(p_id text, p_workout_id text,
  p_replace_workout_id text default null)
returns jsonb
language plpgsql set search_path = ''
as $$
declare
  v_uid uuid := private.require_uid();
  v_req public.workout_join_requests;
  v_date date;
  v_time time;
  v_owner uuid;
  v_clash text;
begin
  select * into v_req from public.workout_join_requests r where r.id = p_id;
  if found then
    if v_req.requester_id <> v_uid then
      raise exception 'Id already used' using errcode = 'SPX01';
    end if;
    return jsonb_build_object('id', v_req.id, 'status', v_req.status, 'copy_workout_id', v_req.copy_workout_id);
  end if;
  select w.date, w.time, w.user_id into v_date, v_time, v_owner
  from public.workouts w where w.id = p_workout_id and not w._deleted;
  if v_date is null then
    raise exception 'Workout not found' using errcode = 'SPW01';
  end if;
  select * into v_req from public.workout_join_requests r
  where r.workout_id = p_workout_id and r.requester_id = v_uid and r.status = 'accepted' and not r._deleted
  order by r.created_at limit 1;
  if found then
    return jsonb_build_object('id', v_req.id, 'status', v_req.status, 'copy_workout_id', v_req.copy_workout_id);
  end if;
  -- Only a friend's workout reaches this point with meaning; the insert trigger refuses the rest with
  -- 'Workout not found', so the "over" answer below tells nothing about strangers' workouts.
  -- The owner's today through private.user_today: the requester cannot read the owner's row (or zone).
  if private.are_friends(v_uid, v_owner) and v_date < private.user_today(v_owner) then
    raise exception 'Workout is over' using errcode = 'SPW06';
  end if;
  if p_replace_workout_id is null then
    select w.id into v_clash from public.workouts w
    where w.user_id = v_uid and not w._deleted and w.date = v_date and w.time is not distinct from v_time
      and w.joined_from is distinct from p_workout_id and w.id <> p_workout_id
    order by w.id limit 1;
    if v_clash is not null then
      return jsonb_build_object('status', 'clash', 'clash_workout_id', v_clash);
    end if;
  end if;
  select * into v_req from public.workout_join_requests r
  where r.workout_id = p_workout_id and r.requester_id = v_uid and r.status = 'pending';
  if found then
    return jsonb_build_object('id', v_req.id, 'status', v_req.status, 'copy_workout_id', v_req.copy_workout_id);
  end if;
  -- A concurrent replay of the same call may insert first: then return what it made.
  insert into public.workout_join_requests (id, workout_id, requester_id, replace_workout_id)
  values (p_id, p_workout_id, v_uid, p_replace_workout_id)
  on conflict do nothing;
  select * into v_req from public.workout_join_requests r
  where r.id = p_id or (r.workout_id = p_workout_id and r.requester_id = v_uid and r.status = 'pending')
  order by (r.id = p_id) desc limit 1;
  if not found or v_req.requester_id <> v_uid then
    raise exception 'Id already used' using errcode = 'SPX01';
  end if;
  return jsonb_build_object('id', v_req.id, 'status', v_req.status, 'copy_workout_id', v_req.copy_workout_id);
end
$$;

create or replace function private.live_profile_cards() returns trigger
language plpgsql security definer set search_path = ''
as $$
begin
  -- Friends get the card when a column they may read changed (the card, or what get_profile_rows adds,
  -- which their devices then pull); a zone change alone sends nothing, so its timing tells them nothing.
  if tg_op = 'UPDATE'
     and (pg_catalog.to_jsonb(old) - '_modified' - 'last_active_at' - 'timezone')
         = (pg_catalog.to_jsonb(new) - '_modified' - 'last_active_at' - 'timezone') then
    return null;
  end if;
  perform private.live_send(private.friend_audience(new.id), tg_op,
    private.live_payload(tg_op, tg_table_name, private.friend_profile_card(new), pg_catalog.to_jsonb(new.id)));
  return null;
end
$$;
