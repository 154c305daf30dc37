-- Visibility holds everywhere the server hands out user data, flex XP cannot be farmed, and
-- workouts.joined_from names only a workout the user was accepted into (issues 14 and 15; the flex cap is
-- in docs/decisions.md, "Flex XP: once per sender and activity, at most 50 a day").
--
-- Visibility (profiles.visibility): public = every signed-in user finds the user and sees profile, friends
-- list and activity; friends = only friends do; private = only the user. Gym presence (check-ins, the
-- check_in activities, the last-active time) is for friends only (and the user), whatever the visibility,
-- and never for friends of a private user (private.shares_with_me). A security review found three leaks:
--
-- - friendships: a row "A:B" was readable whenever A's friends list was, so a public A exposed a private
--   or friends-only B (and B's own row "B:A" was hidden for nothing). Now a third party reads a row only
--   when it may see both sides' friends lists, as list_user_friends_with_status already listed them.
-- - new_friend activities name the friend (friend_id, and get_feed joins the username): a friend of A saw
--   that A befriended private B. Now such an activity is shown only to viewers who may see the friend too
--   (the row policy and get_feed apply the same private.can_view rule).
-- - check_in activities (gym and time) followed the owner's profile visibility, so strangers read a public
--   user's check-ins; profiles.last_active_at is a column of a row every signed-in user reads when the
--   profile is public, and RLS cannot hide one column per viewer. Now check_in activities follow the
--   presence rule, and the last-active time is computed from check_ins (friends-only by RLS) where it is
--   handed out (get_friends_at_gym); profiles.last_active_at is no longer written and is cleared. The
--   column stays (null) because clients already pull it with `select *`.
--
-- Realtime delivers rows through the same row policies (hosted Realtime and the emulator's checker both
-- evaluate them as the subscriber), so the changed policies hold for live changes too.

-- a. friendships ------------------------------------------------------------------------------------

drop policy "friendships: per owner visibility" on public.friendships;
create policy "friendships: per owner visibility" on public.friendships
  for select to authenticated using (
    user_id = (select auth.uid()) or friend_id = (select auth.uid())
    or (private.can_view(user_id) and private.can_view(friend_id)));

-- b + c. activities ---------------------------------------------------------------------------------

drop policy "activities: per owner visibility" on public.activities;
create policy "activities: per owner visibility" on public.activities
  for select to authenticated using (
    user_id = (select auth.uid())
    or (case when kind = 'check_in' then private.shares_with_me(user_id) else private.can_view(user_id) end
        and (friend_id is null or friend_id = (select auth.uid()) or private.can_view(friend_id))));

-- get_feed: same signature and result as 20261122090000; a new_friend activity of someone else is left
-- out unless the reader may see the friend (me, a friend who is not private, or a public profile:
-- private.can_view, inlined against the author set). The same filter runs in "newest" and "keys", so the page bound stays
-- exact (every row counted towards it can be returned). check_in activities need nothing more: every
-- author here is the reader or a friend who is not private, the presence rule.
create or replace function public.get_feed(
  p_limit int default 20, p_before_created_at timestamptz default null, p_before_id text default null)
returns table (
  id text, user_id uuid, kind text, workout_id text, gym_id text, achievement_id text, friend_id uuid,
  challenge_id text, level int, created_at timestamptz,
  username text, discriminator text, slug text, avatar_id text, profile_picture_url text,
  workout_type text, workout_title text, workout_date date, workout_time time,
  gym_name text, achievement_name text, friend_username text,
  flex_count int, flexed_by_me boolean)
language plpgsql stable security definer set search_path = ''
as $$
declare
  v_uid uuid := private.require_uid();
  v_limit int := least(greatest(coalesce(p_limit, 20), 1), 100);
  v_before timestamptz := coalesce(p_before_created_at, 'infinity'::timestamptz);
  v_before_id text := case when p_before_created_at is null then '' else coalesce(p_before_id, '') end;
  v_authors uuid[];
begin
  v_authors := array(
    select f.friend_id from public.friendships f
    join public.profiles fp on fp.id = f.friend_id and not fp._deleted and fp.visibility <> 'private'
    where f.user_id = v_uid and not f._deleted
  ) || v_uid;
  return query
    with newest as (
      select au.author_id,
             (select y.created_at from public.activities y
              where y.user_id = au.author_id and not y._deleted and (y.created_at, y.id) < (v_before, v_before_id)
                and (y.friend_id is null or y.user_id = v_uid or y.friend_id = any(v_authors)
                     or exists (select 1 from public.profiles fv
                                where fv.id = y.friend_id and fv.visibility = 'public' and not fv._deleted))
              order by y.created_at desc, y.id desc
              limit 1) as at
      from pg_catalog.unnest(v_authors) as au(author_id)
    ),
    bound as (
      select coalesce(
        (select n.at from newest n where n.at is not null order by n.at desc offset v_limit - 1 limit 1),
        '-infinity'::timestamptz) as t
    ),
    keys as (
      select x.id from newest n cross join bound b
      cross join lateral (
        select y.id, y.created_at from public.activities y
        where y.user_id = n.author_id and not y._deleted
          and (y.created_at, y.id) < (v_before, v_before_id) and y.created_at >= b.t
          and (y.friend_id is null or y.user_id = v_uid or y.friend_id = any(v_authors)
               or exists (select 1 from public.profiles fv
                          where fv.id = y.friend_id and fv.visibility = 'public' and not fv._deleted))
        order by y.created_at desc, y.id desc
        limit v_limit
      ) x
      where n.at >= b.t
      order by x.created_at desc, x.id desc
      limit v_limit
    ),
    page as (
      select y.* from keys k join public.activities y on y.id = k.id
    )
    select a.id, a.user_id, a.kind, a.workout_id, a.gym_id, a.achievement_id, a.friend_id, a.challenge_id, a.level,
           a.created_at, p.username, p.discriminator, p.slug, p.avatar_id, p.profile_picture_url,
           w.type, w.title, w.date, w.time, g.name, ach.name, fr.username,
           (select count(*)::int from public.flexes fx where fx.activity_id = a.id and not fx._deleted),
           exists (select 1 from public.flexes fx where fx.activity_id = a.id and fx.sender_id = v_uid)
    from page a
    join public.profiles p on p.id = a.user_id
    left join public.workouts w on w.id = a.workout_id
    left join public.gyms g on g.id = a.gym_id
    left join public.achievements ach on ach.id = a.achievement_id
    left join public.profiles fr on fr.id = a.friend_id
    order by a.created_at desc, a.id desc;
end
$$;

-- c. last-active time -------------------------------------------------------------------------------

-- Same as 20261121100500 without the profiles.last_active_at update.
create or replace function private.check_ins_after_insert() returns trigger
language plpgsql security definer set search_path = ''
as $$
begin
  -- One place at a time: an earlier open check-in ends where this one starts.
  update public.check_ins c set checked_out_at = new.checked_in_at
  where c.user_id = new.user_id and c.id <> new.id and c.checked_out_at is null and c.checked_in_at <= new.checked_in_at;
  insert into public.activities (id, user_id, kind, gym_id, check_in_id, created_at)
  values ('check_in:' || new.id, new.user_id, 'check_in', new.gym_id, new.id, new.checked_in_at)
  on conflict (id) do nothing;
  perform private.unlock_achievements(new.user_id, 'check_ins',
    (select count(*) from public.check_ins c where c.user_id = new.user_id and not c._deleted));
  return null;
end
$$;

update public.profiles set last_active_at = null where last_active_at is not null;
comment on column public.profiles.last_active_at is
  'Unused, always null: gym presence is for friends only and RLS cannot hide one column of a public row. '
  'The last-active time comes from check_ins in get_friends_at_gym.';

-- Same signature and rule as 20261121100700; last_active_at is the friend's latest check-in (check_ins_user_idx).
create or replace function public.get_friends_at_gym(p_gym_id text)
returns table (
  user_id uuid, username text, discriminator text, slug text, avatar_id text, profile_picture_url text,
  level int, check_in_id text, checked_in_at timestamptz, last_active_at timestamptz)
language plpgsql stable security definer set search_path = ''
as $$
declare
  v_uid uuid := private.require_uid();
  v_friends uuid[];
begin
  v_friends := array(select f.friend_id from public.friendships f where f.user_id = v_uid and not f._deleted);
  return query
    select p.id, p.username, p.discriminator, p.slug, p.avatar_id, p.profile_picture_url, p.level,
           c.id, c.checked_in_at,
           greatest(c.checked_in_at, (select max(l.checked_in_at) from public.check_ins l
                                      where l.user_id = p.id and not l._deleted))
    from public.check_ins c
    join public.profiles p on p.id = c.user_id and p.visibility <> 'private' and not p._deleted
    where c.gym_id = p_gym_id and c.checked_out_at is null and not c._deleted
      and c.checked_in_at > pg_catalog.now() - interval '3 hours'
      and c.user_id = any(v_friends)
    order by c.checked_in_at desc, p.id;
end
$$;

-- d. flex XP cap --------------------------------------------------------------------------------------

-- Counting today's paid flexes of a recipient reads this range.
create index if not exists xp_events_user_source_created_idx on public.xp_events (user_id, source, created_at);

-- A flex is always recorded and notified; it pays +5 XP to the recipient (once per sender and activity:
-- flexes and the ledger are unique on it; one's own activity is refused before insert) only while the
-- recipient has been paid fewer than 10 flexes today in the recipient's zone.
create or replace function private.flexes_after_insert() returns trigger
language plpgsql security definer set search_path = ''
as $$
declare
  v_zone text;
  v_today date;
  v_paid int;
begin
  -- Serialise one recipient's flexes so that two concurrent ones cannot both see room under the cap.
  perform pg_catalog.pg_advisory_xact_lock(pg_catalog.hashtext('flex_xp:' || new.recipient_id::text));
  select coalesce(p.timezone, 'UTC') into v_zone from public.profiles p where p.id = new.recipient_id;
  v_today := (pg_catalog.now() at time zone v_zone)::date;
  select count(*) into v_paid from public.xp_events x
  where x.user_id = new.recipient_id and x.source = 'flex_received'
    and x.created_at >= (v_today::timestamp at time zone v_zone)
    and x.created_at < ((v_today + 1)::timestamp at time zone v_zone);
  if v_paid < 10 then
    perform private.award_xp(new.recipient_id, 'flex_received', new.sender_id::text || ':' || new.activity_id, 5);
  end if;
  perform private.notify('flex:' || new.sender_id::text || ':' || new.activity_id, new.recipient_id, 'flex_received',
                         new.sender_id, p_activity_id => new.activity_id);
  perform private.unlock_achievements(new.sender_id, 'flexes_given', 1);
  return null;
end
$$;

-- e. joined_from ------------------------------------------------------------------------------------

-- A workout may name as joined_from only a workout its user was accepted into (an accepted join request
-- of that user for that workout); anything else, existing or not, gets the same "Workout not found", so
-- the foreign key can no longer tell whether an id exists. The legit copy is inserted by the join
-- request's accept trigger after the status changed, so its request is found. security invoker: the user
-- reads their own join requests; rows written without an end user (seeding, the owner) are not checked.
create function private.workouts_check_joined_from() returns trigger
language plpgsql security invoker set search_path = ''
as $$
begin
  if new.joined_from is null or auth.uid() is null then
    return new;
  end if;
  if tg_op = 'UPDATE' and new.joined_from is not distinct from old.joined_from then
    return new;
  end if;
  if not exists (select 1 from public.workout_join_requests r
                 where r.requester_id = new.user_id and r.workout_id = new.joined_from
                   and r.status = 'accepted' and not r._deleted) then
    raise exception 'Workout not found' using errcode = 'SPW01';
  end if;
  return new;
end
$$;
create trigger workouts_check_joined_from before insert or update of joined_from on public.workouts
  for each row execute function private.workouts_check_joined_from();

revoke execute on function private.workouts_check_joined_from() from public, anon;
grant execute on function private.workouts_check_joined_from() to authenticated, service_role;
