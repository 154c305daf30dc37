-- Read RPCs (friends list, feed, discovery, public profile, presence, export) and the batch push RPCs
-- the sync worker uses for client-owned replicated tables.

-- friends list ----------------------------------------------------------------------------------------

-- security definer, for speed and one consistent rule: it checks the caller may see the target's
-- friends list (private.can_view) and then lists only friends the caller may see (themselves, public
-- profiles, friends-only profiles of the caller's own friends), without evaluating row policies per row.
-- friendship_status is relative to the caller: self | friend | request_sent | request_received | none.
create function public.list_user_friends_with_status(
  p_target_user_id uuid, p_limit int default 20, p_offset int default 0, p_search text default null)
returns table (
  id uuid, username text, discriminator text, slug text, first_name text, last_name text, avatar_id text,
  profile_picture_url text, level int, current_streak int, visibility text, friendship_status text,
  friends_since timestamptz)
language plpgsql stable security definer set search_path = ''
as $$
declare
  v_uid uuid := private.require_uid();
  v_search text := lower(nullif(btrim(p_search), ''));
  v_mine uuid[];
  v_theirs uuid[];
begin
  if p_target_user_id is null or not private.can_view(p_target_user_id) then
    return;
  end if;
  -- Two small id sets first (at most a few hundred each), then primary-key lookups: no policy per row.
  v_mine := array(select f.friend_id from public.friendships f where f.user_id = v_uid and not f._deleted);
  v_theirs := array(select f.friend_id from public.friendships f where f.user_id = p_target_user_id and not f._deleted);
  return query
    select p.id, p.username, p.discriminator, p.slug, p.first_name, p.last_name, p.avatar_id,
           p.profile_picture_url, p.level, p.current_streak, p.visibility,
           case when p.id = v_uid then 'self'
                when p.id = any(v_mine) then 'friend'
                when exists (select 1 from public.friend_requests r where r.sender_id = v_uid
                               and r.receiver_id = p.id and r.status = 'pending') then 'request_sent'
                when exists (select 1 from public.friend_requests r where r.sender_id = p.id
                               and r.receiver_id = v_uid and r.status = 'pending') then 'request_received'
                else 'none' end,
           (select f.created_at from public.friendships f where f.user_id = p_target_user_id and f.friend_id = p.id)
    from (
      select q.* from public.profiles q
      where q.id = any(v_theirs) and not q._deleted
        and (q.id = v_uid or q.visibility = 'public' or (q.visibility = 'friends' and q.id = any(v_mine)))
        and (v_search is null or strpos(lower(q.username), v_search) > 0
             or strpos(lower(coalesce(q.first_name, '') || ' ' || coalesce(q.last_name, '')), v_search) > 0)
      order by lower(q.username), q.discriminator, q.id
      limit least(greatest(coalesce(p_limit, 20), 0), 100) offset greatest(coalesce(p_offset, 0), 0)
    ) p
    order by lower(p.username), p.discriminator, p.id;
end
$$;

-- feed ------------------------------------------------------------------------------------------------

-- My and my friends' activities (a private friend's are left out), newest first, 20 a page by default.
-- Keyset pagination: pass the last row's created_at and id to get the next page.
-- security definer, for speed: it applies the visibility rule itself (friendship + not private) so
-- that a page costs one index range per friend instead of a policy check per row.
create function public.get_feed(
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
    where f.user_id = v_uid and not f._deleted
      and (select fp.visibility from public.profiles fp where fp.id = f.friend_id and not fp._deleted) <> 'private'
  ) || v_uid;
  return query
    -- At most v_limit newest rows per author (a backward index-only scan each), then the newest
    -- v_limit of those: the cost grows with the number of friends, never with their history.
    -- Only key columns in the per-author scans, so they stay index-only; whole rows for the page alone.
    with keys as (
      select x.id from pg_catalog.unnest(v_authors) as au(author_id)
      cross join lateral (
        select y.id, y.created_at from public.activities y
        where y.user_id = au.author_id and not y._deleted and (y.created_at, y.id) < (v_before, v_before_id)
        order by y.created_at desc, y.id desc
        limit v_limit
      ) x
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

-- discovery -------------------------------------------------------------------------------------------

-- Public profiles that are not me and not yet my friends, highest level first.
create function public.discover_people(p_limit int default 20, p_offset int default 0, p_search text default null)
returns table (
  id uuid, username text, discriminator text, slug text, first_name text, last_name text, avatar_id text,
  profile_picture_url text, level int, current_streak int, current_gym_id text, friendship_status text)
language plpgsql stable security invoker set search_path = ''
as $$
declare
  v_uid uuid := private.require_uid();
begin
  return query
    select p.id, p.username, p.discriminator, p.slug, p.first_name, p.last_name, p.avatar_id, p.profile_picture_url,
           p.level, p.current_streak, p.current_gym_id,
           case when exists (select 1 from public.friend_requests r where r.sender_id = v_uid
                               and r.receiver_id = p.id and r.status = 'pending') then 'request_sent'
                when exists (select 1 from public.friend_requests r where r.sender_id = p.id
                               and r.receiver_id = v_uid and r.status = 'pending') then 'request_received'
                else 'none' end
    from public.profiles p
    where p.visibility = 'public' and not p._deleted and p.id <> v_uid
      and not exists (select 1 from public.friendships f where f.user_id = v_uid and f.friend_id = p.id and not f._deleted)
      and (p_search is null or btrim(p_search) = '' or strpos(lower(p.username), lower(btrim(p_search))) > 0)
    order by p.level desc, p.id
    limit least(greatest(coalesce(p_limit, 20), 0), 100) offset greatest(coalesce(p_offset, 0), 0);
end
$$;

-- public profile --------------------------------------------------------------------------------------

-- anon-intended security definer: /u/{slug} and /p/{id} are public routes, so visitors (anon) call this.
-- It returns display columns only, and only when the viewer may see the profile: public profiles to
-- anyone (names only to signed-in viewers), friends-only profiles to friends, private ones to the owner.
-- No row means "Invalid profile link".
create function public.get_public_profile(p_slug text default null, p_id uuid default null)
returns table (
  id uuid, username text, discriminator text, slug text, first_name text, last_name text, avatar_id text,
  profile_picture_url text, level int, xp bigint, current_streak int, best_streak int, visibility text,
  current_gym_id text, current_gym_name text, friend_count int, achievement_ids text[], friendship_status text)
language plpgsql stable security definer set search_path = ''
as $$
declare
  v_uid uuid := auth.uid();
  v_p public.profiles;
begin
  select * into v_p from public.profiles p
  where not p._deleted and ((p_id is not null and p.id = p_id) or (p_slug is not null and p.slug = lower(btrim(p_slug))));
  if not found then
    return;
  end if;
  if not coalesce(v_p.id = v_uid or v_p.visibility = 'public'
                  or (v_p.visibility = 'friends' and v_uid is not null and private.are_friends(v_p.id, v_uid)), false) then
    return;
  end if;
  return query
    select v_p.id, v_p.username, v_p.discriminator, v_p.slug,
           case when v_uid is null then null else v_p.first_name end,
           case when v_uid is null then null else v_p.last_name end,
           v_p.avatar_id, v_p.profile_picture_url, v_p.level, v_p.xp, v_p.current_streak, v_p.best_streak,
           v_p.visibility, v_p.current_gym_id,
           (select g.name from public.gyms g where g.id = v_p.current_gym_id),
           (select count(*)::int from public.friendships f where f.user_id = v_p.id and not f._deleted),
           array(select ua.achievement_id from public.user_achievements ua
                 where ua.user_id = v_p.id and not ua._deleted order by ua.unlocked_at, ua.achievement_id),
           case when v_uid is null then 'none'
                when v_p.id = v_uid then 'self'
                when private.are_friends(v_uid, v_p.id) then 'friend'
                when exists (select 1 from public.friend_requests r where r.sender_id = v_uid
                               and r.receiver_id = v_p.id and r.status = 'pending') then 'request_sent'
                when exists (select 1 from public.friend_requests r where r.sender_id = v_p.id
                               and r.receiver_id = v_uid and r.status = 'pending') then 'request_received'
                else 'none' end;
end
$$;

-- presence --------------------------------------------------------------------------------------------

-- Friends present now at a gym (checked in within the last 3 hours, not checked out; friends who are
-- private are left out), with their last-active time.
-- security definer, for speed: it applies the presence rule of the check_ins policy itself (my
-- friends, not private) to the few rows present at the gym instead of a policy check per row.
create function public.get_friends_at_gym(p_gym_id text)
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
           c.id, c.checked_in_at, greatest(c.checked_in_at, p.last_active_at)
    from public.check_ins c
    join public.profiles p on p.id = c.user_id and p.visibility <> 'private' and not p._deleted
    where c.gym_id = p_gym_id and c.checked_out_at is null and not c._deleted
      and c.checked_in_at > pg_catalog.now() - interval '3 hours'
      and c.user_id = any(v_friends)
    order by c.checked_in_at desc, p.id;
end
$$;

-- export ----------------------------------------------------------------------------------------------

-- Everything stored about me, as one JSON document (privacy requests).
create function public.export_my_data() returns jsonb
language plpgsql stable security invoker set search_path = ''
as $$
declare
  v_uid uuid := private.require_uid();
begin
  return jsonb_build_object(
    'exported_at', pg_catalog.now(),
    'user_id', v_uid,
    'profile', (select to_jsonb(p) from public.profiles p where p.id = v_uid),
    'profile_details', (select to_jsonb(d) from public.profile_details d where d.id = v_uid),
    'user_settings', (select to_jsonb(s) from public.user_settings s where s.user_id = v_uid),
    'home_gyms', (select coalesce(jsonb_agg(to_jsonb(h) order by h.position), '[]') from public.home_gyms h where h.user_id = v_uid),
    'workouts', (select coalesce(jsonb_agg(to_jsonb(w) order by w.date, w.id), '[]') from public.workouts w where w.user_id = v_uid),
    'rest_days', (select coalesce(jsonb_agg(to_jsonb(r) order by r.day), '[]') from public.rest_days r where r.user_id = v_uid),
    'check_ins', (select coalesce(jsonb_agg(to_jsonb(c) order by c.checked_in_at), '[]') from public.check_ins c where c.user_id = v_uid),
    'friendships', (select coalesce(jsonb_agg(to_jsonb(f) order by f.created_at), '[]') from public.friendships f where f.user_id = v_uid),
    'friend_requests', (select coalesce(jsonb_agg(to_jsonb(r) order by r.created_at), '[]') from public.friend_requests r
                        where r.sender_id = v_uid or r.receiver_id = v_uid),
    'flexes', (select coalesce(jsonb_agg(to_jsonb(x) order by x.created_at), '[]') from public.flexes x
               where x.sender_id = v_uid or x.recipient_id = v_uid),
    'workout_join_requests', (select coalesce(jsonb_agg(to_jsonb(j) order by j.created_at), '[]') from public.workout_join_requests j
                              where j.requester_id = v_uid or j.owner_id = v_uid),
    'activities', (select coalesce(jsonb_agg(to_jsonb(a) order by a.created_at), '[]') from public.activities a where a.user_id = v_uid),
    'notifications', (select coalesce(jsonb_agg(to_jsonb(n) order by n.created_at), '[]') from public.notifications n where n.user_id = v_uid),
    'daily_challenge_completions', (select coalesce(jsonb_agg(to_jsonb(d) order by d.completed_on), '[]')
                                    from public.daily_challenge_completions d where d.user_id = v_uid),
    'xp_events', (select coalesce(jsonb_agg(to_jsonb(x) order by x.created_at, x.id), '[]') from public.xp_events x where x.user_id = v_uid),
    'user_achievements', (select coalesce(jsonb_agg(to_jsonb(u) order by u.unlocked_at), '[]') from public.user_achievements u where u.user_id = v_uid),
    'push_subscriptions', (select coalesce(jsonb_agg(to_jsonb(s) order by s.created_at), '[]') from public.push_subscriptions s where s.user_id = v_uid)
  );
end
$$;

-- batch push for client-owned replicated tables --------------------------------------------------------

-- p_rows: [{"newDocumentState": {...row}, "assumedMasterState": {...row} | null}, ...] (RxDB's push rows).
-- Per row, under the caller's RLS and column privileges (security invoker):
--   - no row with that id: insert it (the keys present; user_id defaults to the caller);
--   - the server row already equals the new state on every key sent: nothing to do (a replay);
--   - the assumed state matches the server row on every key it carries (compared as typed column values,
--     so "2026-01-01T10:00:00Z" equals "2026-01-01 10:00:00+00"; include _modified to compare by it):
--     update the client-owned columns;
--   - otherwise a conflict: the server row is returned in "conflicts" for the client's handler.
-- A row that breaks a rule (check constraint, RLS, another user's id) is reported in "rejected"
-- ({"id","code","message"}) instead of failing the batch, so one bad row cannot block the queue.
-- Result: {"conflicts": [row, ...], "rejected": [...]}.
create function private.push_rows(p_table text, p_rows jsonb, p_insert_cols text[], p_update_cols text[])
returns jsonb
language plpgsql security invoker set search_path = ''
as $$
declare
  v_uid uuid := private.require_uid();
  v_item jsonb;
  v_doc jsonb;
  v_assumed jsonb;
  v_id text;
  v_cur jsonb;
  v_same boolean;
  v_matches boolean;
  v_cols text[];
  v_conflicts jsonb := '[]';
  v_rejected jsonb := '[]';
  v_state text;
  v_message text;
begin
  if jsonb_typeof(p_rows) is distinct from 'array' then
    raise exception 'p_rows must be a JSON array' using errcode = 'SPV01';
  end if;
  if jsonb_array_length(p_rows) > 500 then
    raise exception 'At most 500 rows per push' using errcode = 'SPV01';
  end if;
  for v_item in select e.value from jsonb_array_elements(p_rows) e loop
    v_doc := v_item -> 'newDocumentState';
    v_assumed := nullif(v_item -> 'assumedMasterState', 'null'::jsonb);
    v_id := v_doc ->> 'id';
    begin
      if jsonb_typeof(v_doc) is distinct from 'object' or v_id is null then
        raise exception 'Row without id' using errcode = 'SPV01';
      end if;
      v_doc := jsonb_build_object('user_id', v_uid) || v_doc;
      execute format(
        'select to_jsonb(t), jsonb_populate_record(t, $1) is not distinct from t,
                jsonb_populate_record(t, coalesce($2, ''{}''::jsonb)) is not distinct from t
         from public.%I t where t.id = $3 for update', p_table)
        into v_cur, v_same, v_matches using v_doc, v_assumed, v_id;
      if v_cur is null then
        select array_agg(c) into v_cols from unnest(p_insert_cols) c where v_doc ? c;
        begin
          execute format('insert into public.%I (%s) select %s from jsonb_populate_record(null::public.%I, $1) r',
                         p_table,
                         (select string_agg(format('%I', c), ', ') from unnest(v_cols) c),
                         (select string_agg(format('r.%I', c), ', ') from unnest(v_cols) c),
                         p_table)
            using v_doc;
        exception when unique_violation then
          -- Someone else's row (invisible to me), or a concurrent insert of the same id (a retry racing
          -- the original: if it wrote exactly this state, that is success, not a conflict).
          execute format('select to_jsonb(t), jsonb_populate_record(t, $1) is not distinct from t
                          from public.%I t where t.id = $2', p_table) into v_cur, v_same using v_doc, v_id;
          if v_cur is null or (v_cur ->> 'user_id') <> v_uid::text then
            raise exception 'Id already used' using errcode = 'SPX01';
          end if;
          if not v_same then
            v_conflicts := v_conflicts || jsonb_build_array(v_cur);
          end if;
        end;
      elsif (v_cur ->> 'user_id') <> v_uid::text then
        raise exception 'Id already used' using errcode = 'SPX01';
      elsif v_same then
        null;  -- already applied (a replay)
      elsif v_assumed is null or not v_matches then
        v_conflicts := v_conflicts || jsonb_build_array(v_cur);
      else
        select array_agg(c) into v_cols from unnest(p_update_cols) c where v_doc ? c;
        if cardinality(v_cols) > 0 then
          execute format('update public.%I t set %s from jsonb_populate_record(null::public.%I, $1) r where t.id = $2',
                         p_table,
                         (select string_agg(format('%I = r.%I', c, c), ', ') from unnest(v_cols) c),
                         p_table)
            using v_doc, v_id;
        end if;
      end if;
    exception when others then
      get stacked diagnostics v_state = returned_sqlstate, v_message = message_text;
      v_rejected := v_rejected || jsonb_build_array(jsonb_build_object('id', v_id, 'code', v_state, 'message', v_message));
    end;
  end loop;
  return jsonb_build_object('conflicts', v_conflicts, 'rejected', v_rejected);
end
$$;
grant execute on function private.push_rows(text, jsonb, text[], text[]) to authenticated, service_role;

create function public.push_workouts(p_rows jsonb) returns jsonb
language sql security invoker set search_path = ''
as $$
  select private.push_rows('workouts', p_rows,
    array['id', 'user_id', 'type', 'preset', 'title', 'date', 'time', 'duration_min', 'notes', 'reminder_min',
          'joined_from', 'created_at', '_deleted'],
    array['type', 'preset', 'title', 'date', 'time', 'duration_min', 'notes', 'reminder_min', '_deleted'])
$$;

create function public.push_user_settings(p_rows jsonb) returns jsonb
language sql security invoker set search_path = ''
as $$
  select private.push_rows('user_settings', p_rows,
    array['id', 'user_id', 'theme', 'language', 'push_enabled', 'haptics_enabled', 'sound_enabled',
          'walkthrough_done', '_deleted'],
    array['theme', 'language', 'push_enabled', 'haptics_enabled', 'sound_enabled', 'walkthrough_done', '_deleted'])
$$;
