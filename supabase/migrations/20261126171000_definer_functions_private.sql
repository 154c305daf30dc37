-- No security definer function in an exposed schema (issue 17; Supabase's linter, splinter, lints 0028
-- anon_security_definer_function_executable and 0029 authenticated_security_definer_function_executable).
--
-- The definer functions below bypass RLS on purpose (feeds and friend lists join other users' rows that
-- their owners may show; remove_friend and refresh_my_progress write server-owned rows). PostgREST exposes
-- only `public`, so each one moves to `private` unchanged (`alter function ... set schema` keeps its body,
-- owner, settings, comment and grants: the body is the one in the migration that last defined it in
-- `public`), and `public` gets a security invoker wrapper with the same name, arguments (names and
-- defaults, which supabase-js and PostgREST RPC call by), return type and volatility. The precedent is
-- 20261126160000_weekly_leaderboard.sql.
--
-- The wrapper runs as the caller, so the caller needs USAGE on `private` and EXECUTE on the moved
-- function: `authenticated` has both already (the grants travel with the function); `anon` gets USAGE on
-- `private` here for get_public_profile, the one function meant for visitors. Every other private function
-- has EXECUTE revoked from anon (20261121100900_replication_and_grants.sql and each later migration), and
-- test/integration/db/schema-lints.test.ts fails if one is ever executable by anon.
--
-- Where the bodies are: get_feed and get_friends_at_gym 20261126110000_visibility_and_flex_rules.sql,
-- get_friends_checked_in 20261126120000_friend_request_replay.sql, discover_people
-- 20261126141000_discover_people_order.sql, get_public_profile and list_user_friends_with_status
-- 20261121100700_rpc_reads_and_push.sql, refresh_my_progress and remove_friend
-- 20261121100600_rpc_intents.sql. A later change to one is `create or replace function private.<name>`.

alter function public.discover_people(int, int, text) set schema private;
alter function public.get_feed(int, timestamptz, text) set schema private;
alter function public.get_friends_at_gym(text) set schema private;
alter function public.get_friends_checked_in() set schema private;
alter function public.get_public_profile(text, uuid) set schema private;
alter function public.list_user_friends_with_status(uuid, int, int, text) set schema private;
alter function public.refresh_my_progress() set schema private;
alter function public.remove_friend(uuid) set schema private;

grant usage on schema private to anon;

create function public.discover_people(p_limit int default 20, p_offset int default 0, p_search text default null)
returns table (
  id uuid, username text, discriminator text, slug text, first_name text, last_name text, avatar_id text,
  profile_picture_url text, level int, current_streak int, current_gym_id text, friendship_status text)
language sql stable security invoker set search_path = ''
as $$
  select * from private.discover_people(p_limit, p_offset, p_search)
$$;

create function public.get_feed(
  p_limit int default 20, p_before_created_at timestamptz default null, p_before_id text default null)
returns table (
  id text, user_id uuid, kind text, workout_id text, gym_id text, achievement_id text, friend_id uuid,
  challenge_id text, level int, created_at timestamptz, username text, discriminator text, slug text,
  avatar_id text, profile_picture_url text, workout_type text, workout_title text, workout_date date,
  workout_time time, gym_name text, achievement_name text, friend_username text, flex_count int,
  flexed_by_me boolean)
language sql stable security invoker set search_path = ''
as $$
  select * from private.get_feed(p_limit, p_before_created_at, p_before_id)
$$;

create function public.get_friends_at_gym(p_gym_id text)
returns table (
  user_id uuid, username text, discriminator text, slug text, avatar_id text, profile_picture_url text,
  level int, check_in_id text, checked_in_at timestamptz, last_active_at timestamptz)
language sql stable security invoker set search_path = ''
as $$
  select * from private.get_friends_at_gym(p_gym_id)
$$;

create function public.get_friends_checked_in()
returns table (user_id uuid, gym_id text, gym_name text, checked_in_at timestamptz)
language sql stable security invoker set search_path = ''
as $$
  select * from private.get_friends_checked_in()
$$;

create function public.get_public_profile(p_slug text default null, p_id uuid default null)
returns table (
  id uuid, username text, discriminator text, slug text, first_name text, last_name text, avatar_id text,
  profile_picture_url text, level int, xp bigint, current_streak int, best_streak int, visibility text,
  current_gym_id text, current_gym_name text, friend_count int, achievement_ids text[],
  friendship_status text)
language sql stable security invoker set search_path = ''
as $$
  select * from private.get_public_profile(p_slug, p_id)
$$;

create function public.list_user_friends_with_status(
  p_target_user_id uuid, p_limit int default 20, p_offset int default 0, p_search text default null)
returns table (
  id uuid, username text, discriminator text, slug text, first_name text, last_name text, avatar_id text,
  profile_picture_url text, level int, current_streak int, visibility text, friendship_status text,
  friends_since timestamptz)
language sql stable security invoker set search_path = ''
as $$
  select * from private.list_user_friends_with_status(p_target_user_id, p_limit, p_offset, p_search)
$$;

create function public.refresh_my_progress()
returns public.profiles
language sql volatile security invoker set search_path = ''
as $$
  select * from private.refresh_my_progress()
$$;

create function public.remove_friend(p_friend_id uuid)
returns boolean
language sql volatile security invoker set search_path = ''
as $$
  select private.remove_friend(p_friend_id)
$$;

-- Supabase's default privileges grant new public functions to anon; only get_public_profile is for anon.
revoke execute on function public.discover_people(int, int, text), public.get_feed(int, timestamptz, text),
  public.get_friends_at_gym(text), public.get_friends_checked_in(), public.get_public_profile(text, uuid),
  public.list_user_friends_with_status(uuid, int, int, text), public.refresh_my_progress(),
  public.remove_friend(uuid) from public, anon;
grant execute on function public.discover_people(int, int, text), public.get_feed(int, timestamptz, text),
  public.get_friends_at_gym(text), public.get_friends_checked_in(), public.get_public_profile(text, uuid),
  public.list_user_friends_with_status(uuid, int, int, text), public.refresh_my_progress(),
  public.remove_friend(uuid) to authenticated, service_role;
grant execute on function public.get_public_profile(text, uuid) to anon;

comment on function public.get_public_profile(text, uuid) is
  'anon-intended: visitors open /u/{slug} and /p/{id}; returns display columns of profiles the viewer may see.';
comment on function private.get_public_profile(text, uuid) is
  'anon-intended: the body of public.get_public_profile (security invoker wrapper); definer to read profiles RLS hides.';
