-- The public profile card, defined once (issue 32, "one current definition per SQL object").
--
-- A person in a member list (friends list, discovery, a public profile) is shown by the same card: handle,
-- names, avatar, level, streak and where they stand with the viewer. Its columns were restated in each of
-- those read RPCs, three times each (the definer body's result, its select list, the public wrapper's
-- result), and so was the friendship-status rule. Now:
--
-- - `public.profile_card` is the card's one column list;
-- - `private.profile_cards(ids, viewer)` is the one place that builds it, with the viewer rules:
--   first and last names only for signed-in viewers (a visitor sees the handle), friendship_status
--   relative to the viewer (self | friend | request_sent | request_received, else none; none for a visitor);
-- - the three definer bodies return a `card public.profile_card` column beside what only they add, and
--   their public wrappers expand it with `(r.card).*`.
--
-- Each public wrapper still lists its flat result columns: a PostgREST RPC answers one JSON key per result
-- column, a nested card would answer {"card": {...}}, and a PostgreSQL function returns one row type (no
-- "card plus these columns"), so an RPC that returns the card and more states its columns in its signature.
-- The JSON of each RPC keeps its keys, types and values; the card's keys come first now (a JSON object's key
-- order is not part of the contract, and test/integration/db/additive-migrations.test.ts compares columns
-- by name). get_feed, get_friends_at_gym and get_weekly_leaderboard name a person by handle and avatar only
-- (no names, no status, `user_id` for the id): they are not cards and keep their columns.
--
-- A return type changes, so each function is dropped and created again, the wrappers first (their SQL bodies
-- name the private functions), with the grants and comments they had: private bodies executable by
-- authenticated and service_role (and anon for get_public_profile, the anon-intended one), wrappers the
-- same (20261126171000_definer_functions_private.sql). The bodies are otherwise those of
-- 20261121100700_rpc_reads_and_push.sql (list_user_friends_with_status), 20261126141000_discover_people_order.sql
-- and 20261126172000_pending_sender_profile.sql (get_public_profile).

drop function public.list_user_friends_with_status(uuid, int, int, text);
drop function public.discover_people(int, int, text);
drop function public.get_public_profile(text, uuid);
drop function private.list_user_friends_with_status(uuid, int, int, text);
drop function private.discover_people(int, int, text);
drop function private.get_public_profile(text, uuid);

-- the card ----------------------------------------------------------------------------------------------

create type public.profile_card as (
  id uuid,
  username text,
  discriminator text,
  slug text,
  first_name text,
  last_name text,
  avatar_id text,
  profile_picture_url text,
  level int,
  current_streak int,
  friendship_status text
);
comment on type public.profile_card is
  'A person as a member list shows them to a viewer; built by private.profile_cards(ids, viewer).';

-- Builds the cards of a set of people for one viewer, in one query: the member lists call it once for their
-- page (a function call per listed person doubled the time of a page of discovery). It decides nothing about whether
-- the viewer may see these people: each caller has checked that already. security invoker: only the
-- definer read RPCs below call it (as their owner, who reads every row); plpgsql for its cached plan.
create function private.profile_cards(p_ids uuid[], p_viewer uuid) returns setof public.profile_card
language plpgsql stable security invoker set search_path = ''
as $$
begin
  return query
    select p.id, p.username, p.discriminator, p.slug,
           case when p_viewer is null then null else p.first_name end,
           case when p_viewer is null then null else p.last_name end,
           p.avatar_id, p.profile_picture_url, p.level, p.current_streak,
           case when p_viewer is null then 'none'
                when p.id = p_viewer then 'self'
                when exists (select 1 from public.friendships f
                             where f.user_id = p_viewer and f.friend_id = p.id and not f._deleted) then 'friend'
                when exists (select 1 from public.friend_requests r
                             where r.sender_id = p_viewer and r.receiver_id = p.id and r.status = 'pending')
                  then 'request_sent'
                when exists (select 1 from public.friend_requests r
                             where r.sender_id = p.id and r.receiver_id = p_viewer and r.status = 'pending')
                  then 'request_received'
                else 'none' end
    from public.profiles p
    where p.id = any(p_ids);
end
$$;
revoke execute on function private.profile_cards(uuid[], uuid) from public, anon;

-- friends list -------------------------------------------------------------------------------------------

-- security definer, for speed and one consistent rule: it checks the caller may see the target's
-- friends list (private.can_view) and then lists only friends the caller may see (themselves, public
-- profiles, friends-only profiles of the caller's own friends), without evaluating row policies per row.
create function private.list_user_friends_with_status(
  p_target_user_id uuid, p_limit int default 20, p_offset int default 0, p_search text default null)
returns table (card public.profile_card, visibility text, friends_since timestamptz)
language plpgsql stable security definer set search_path = ''
as $$
declare
  v_uid uuid := private.require_uid();
  v_search text := lower(nullif(btrim(p_search), ''));
  v_mine uuid[];
  v_theirs uuid[];
  v_page uuid[];
begin
  if p_target_user_id is null or not private.can_view(p_target_user_id) then
    return;
  end if;
  -- Two small id sets first (at most a few hundred each), then primary-key lookups: no policy per row.
  v_mine := array(select f.friend_id from public.friendships f where f.user_id = v_uid and not f._deleted);
  v_theirs := array(select f.friend_id from public.friendships f where f.user_id = p_target_user_id and not f._deleted);
  v_page := array(
    select q.id from public.profiles q
    where q.id = any(v_theirs) and not q._deleted
      and (q.id = v_uid or q.visibility = 'public' or (q.visibility = 'friends' and q.id = any(v_mine)))
      and (v_search is null or strpos(lower(q.username), v_search) > 0
           or strpos(lower(coalesce(q.first_name, '') || ' ' || coalesce(q.last_name, '')), v_search) > 0)
    order by lower(q.username), q.discriminator, q.id
    limit least(greatest(coalesce(p_limit, 20), 0), 100) offset greatest(coalesce(p_offset, 0), 0));
  return query
    select c, p.visibility,
           (select f.created_at from public.friendships f where f.user_id = p_target_user_id and f.friend_id = p.id)
    from unnest(v_page) with ordinality as page(id, n)
    join private.profile_cards(v_page, v_uid) c on c.id = page.id
    join public.profiles p on p.id = page.id
    order by page.n;
end
$$;

create function public.list_user_friends_with_status(
  p_target_user_id uuid, p_limit int default 20, p_offset int default 0, p_search text default null)
returns table (
  id uuid, username text, discriminator text, slug text, first_name text, last_name text, avatar_id text,
  profile_picture_url text, level int, current_streak int, friendship_status text,
  visibility text, friends_since timestamptz)
language sql stable security invoker set search_path = ''
as $$
  select (r.card).*, r.visibility, r.friends_since
  from private.list_user_friends_with_status(p_target_user_id, p_limit, p_offset, p_search) r
$$;

-- discovery ----------------------------------------------------------------------------------------------

-- Public profiles that are not me and not yet my friends: members of my home gyms first, then friends of
-- my friends, then everyone else, each by level. security definer: the ranking reads other users'
-- home_gyms (owner-only by RLS) and my friends' friendships; it reveals only a rank order of profiles that
-- are public anyway, and a friend's friends count only when I may see that friend's friends list.
create function private.discover_people(p_limit int default 20, p_offset int default 0, p_search text default null)
returns table (card public.profile_card, current_gym_id text)
language plpgsql stable security definer set search_path = ''
as $$
declare
  v_uid uuid := private.require_uid();
  v_gyms text[];
  v_friends uuid[];
  v_page uuid[];
begin
  v_gyms := array(select h.gym_id from public.home_gyms h where h.user_id = v_uid and not h._deleted);
  v_friends := array(select f.friend_id from public.friendships f
                     where f.user_id = v_uid and not f._deleted and private.can_view(f.friend_id));
  v_page := array(
    select p.id
    from public.profiles p
    where p.visibility = 'public' and not p._deleted and p.id <> v_uid
      and not exists (select 1 from public.friendships f where f.user_id = v_uid and f.friend_id = p.id and not f._deleted)
      and (p_search is null or btrim(p_search) = '' or strpos(lower(p.username), lower(btrim(p_search))) > 0)
    order by
      case when exists (select 1 from public.home_gyms h
                        where h.user_id = p.id and not h._deleted and h.gym_id = any (v_gyms)) then 0
           when exists (select 1 from public.friendships f
                        where f.friend_id = p.id and not f._deleted and f.user_id = any (v_friends)) then 1
           else 2 end,
      p.level desc, p.id
    limit least(greatest(coalesce(p_limit, 20), 0), 100) offset greatest(coalesce(p_offset, 0), 0));
  return query
    select c, p.current_gym_id
    from unnest(v_page) with ordinality as page(id, n)
    join private.profile_cards(v_page, v_uid) c on c.id = page.id
    join public.profiles p on p.id = page.id
    order by page.n;
end
$$;

create function public.discover_people(p_limit int default 20, p_offset int default 0, p_search text default null)
returns table (
  id uuid, username text, discriminator text, slug text, first_name text, last_name text, avatar_id text,
  profile_picture_url text, level int, current_streak int, friendship_status text, current_gym_id text)
language sql stable security invoker set search_path = ''
as $$
  select (r.card).*, r.current_gym_id from private.discover_people(p_limit, p_offset, p_search) r
$$;

-- public profile -----------------------------------------------------------------------------------------

-- anon-intended security definer: /u/{slug} and /p/{id} are public routes, so visitors (anon) call this.
-- It returns display columns only, and only when the viewer may see the profile: public profiles to
-- anyone (names only to signed-in viewers, the card's rule), friends-only profiles to friends, private
-- ones to the owner, and any profile to the receiver of its owner's pending friend request (without the
-- current gym: presence stays for friends). No row means "Invalid profile link".
create function private.get_public_profile(p_slug text default null, p_id uuid default null)
returns table (
  card public.profile_card, xp bigint, best_streak int, visibility text, current_gym_id text,
  current_gym_name text, friend_count int, achievement_ids text[])
language plpgsql stable security definer set search_path = ''
as $$
declare
  v_uid uuid := auth.uid();
  v_p public.profiles;
  v_by_rule boolean;
  v_asked_me boolean;
begin
  select * into v_p from public.profiles p
  where not p._deleted and ((p_id is not null and p.id = p_id) or (p_slug is not null and p.slug = lower(btrim(p_slug))));
  if not found then
    return;
  end if;
  v_by_rule := coalesce(v_p.id = v_uid or v_p.visibility = 'public'
                        or (v_p.visibility = 'friends' and v_uid is not null and private.are_friends(v_p.id, v_uid)), false);
  v_asked_me := v_uid is not null and exists (
    select 1 from public.friend_requests r
    where r.sender_id = v_p.id and r.receiver_id = v_uid and r.status = 'pending');
  if not (v_by_rule or v_asked_me) then
    return;
  end if;
  return query
    select c, v_p.xp, v_p.best_streak, v_p.visibility,
           case when v_by_rule then v_p.current_gym_id end,
           case when v_by_rule then (select g.name from public.gyms g where g.id = v_p.current_gym_id) end,
           (select count(*)::int from public.friendships f where f.user_id = v_p.id and not f._deleted),
           array(select ua.achievement_id from public.user_achievements ua
                 where ua.user_id = v_p.id and not ua._deleted order by ua.unlocked_at, ua.achievement_id)
    from private.profile_cards(array[v_p.id], v_uid) c;
end
$$;

create function public.get_public_profile(p_slug text default null, p_id uuid default null)
returns table (
  id uuid, username text, discriminator text, slug text, first_name text, last_name text, avatar_id text,
  profile_picture_url text, level int, current_streak int, friendship_status text, xp bigint, best_streak int,
  visibility text, current_gym_id text, current_gym_name text, friend_count int, achievement_ids text[])
language sql stable security invoker set search_path = ''
as $$
  select (r.card).*, r.xp, r.best_streak, r.visibility, r.current_gym_id, r.current_gym_name, r.friend_count,
         r.achievement_ids
  from private.get_public_profile(p_slug, p_id) r
$$;

-- grants and comments, as before ---------------------------------------------------------------------------

revoke execute on function private.list_user_friends_with_status(uuid, int, int, text),
  private.discover_people(int, int, text), private.get_public_profile(text, uuid),
  public.list_user_friends_with_status(uuid, int, int, text), public.discover_people(int, int, text),
  public.get_public_profile(text, uuid) from public, anon;
grant execute on function private.list_user_friends_with_status(uuid, int, int, text),
  private.discover_people(int, int, text), private.get_public_profile(text, uuid),
  public.list_user_friends_with_status(uuid, int, int, text), public.discover_people(int, int, text),
  public.get_public_profile(text, uuid) to authenticated, service_role;
grant execute on function private.get_public_profile(text, uuid), public.get_public_profile(text, uuid) to anon;

comment on function public.get_public_profile(text, uuid) is
  'anon-intended: visitors open /u/{slug} and /p/{id}; returns display columns of profiles the viewer may see.';
comment on function private.get_public_profile(text, uuid) is
  'anon-intended: the body of public.get_public_profile (security invoker wrapper); definer to read profiles RLS hides.';
