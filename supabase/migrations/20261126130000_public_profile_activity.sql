-- Recent activity on a public profile (/u/{slug}, /p/{id}; issue 14). get_public_profile already returns
-- only profiles the viewer may see (self; public; friends only for friends; private for nobody else, see
-- test/integration/db/public-profile.test.ts), but not the activity the spec's profile card shows.
--
-- security invoker on purpose: the activities row policy (20261126110000) already decides what a viewer
-- may read (the owner's visibility, check_in activities for friends only, new_friend activities only when
-- the friend is visible too), and the joined workouts and profiles rows pass through their own policies,
-- so this function cannot show more than a table read would. Members only ("every member can see your
-- activity"): not granted to anon, whom the policy would show nothing anyway.
create or replace function public.get_public_activity(p_id uuid, p_limit int default 10)
returns table (
  id text, kind text, created_at timestamptz, workout_type text, achievement_id text, level int,
  challenge_id text, gym_name text, friend_username text, friend_discriminator text)
language sql stable security invoker set search_path = ''
as $$
  select a.id, a.kind, a.created_at, w.type, a.achievement_id, a.level, a.challenge_id, g.name,
         fr.username, fr.discriminator
  from public.activities a
  left join public.workouts w on w.id = a.workout_id and not w._deleted
  left join public.gyms g on g.id = a.gym_id
  left join public.profiles fr on fr.id = a.friend_id and not fr._deleted
  where a.user_id = p_id and not a._deleted
  order by a.created_at desc, a.id desc
  limit least(greatest(coalesce(p_limit, 10), 1), 50)
$$;

revoke execute on function public.get_public_activity(uuid, int) from public, anon;
grant execute on function public.get_public_activity(uuid, int) to authenticated, service_role;
