-- Flex and Join on a friend's profile (/u/{slug}, /p/{id}; issue 15). The profile's recent activity
-- (get_public_activity, 20261126130000) gains what the feed's rows carry for those two actions: the
-- workout a planned-workout activity names (id, date, time: Join's target and its Closed state), the
-- activity's flex count and whether I flexed it.
--
-- Visibility is unchanged: still security invoker, so the activities row policy decides which rows a
-- viewer reads, and the workout columns come through the workouts policy (owner and friends who share
-- with me): a stranger reading a public profile gets null workout columns, so there is nothing to join.
-- The flex count is the one number the invoker cannot read itself (flexes are readable by their two
-- sides only): private.activity_flex_count counts it as definer, for an activity id the caller has
-- already read through the policy here. Whether I flexed it is my own flex row, readable as invoker.
--
-- The result gains columns, which `create or replace` cannot do to an existing function: it is dropped
-- and created again in this migration's transaction, with the same grants (members only).

create or replace function private.activity_flex_count(p_activity_id text) returns int
language sql stable security definer set search_path = ''
as $$
  select count(*)::int from public.flexes fx where fx.activity_id = p_activity_id and not fx._deleted
$$;

revoke execute on function private.activity_flex_count(text) from public, anon;
grant execute on function private.activity_flex_count(text) to authenticated, service_role;

drop function public.get_public_activity(uuid, int);

create function public.get_public_activity(p_id uuid, p_limit int default 10)
returns table (
  id text, kind text, created_at timestamptz, workout_type text, achievement_id text, level int,
  challenge_id text, gym_name text, friend_username text, friend_discriminator text,
  workout_id text, workout_date date, workout_time time, flex_count int, flexed_by_me boolean)
language sql stable security invoker set search_path = ''
as $$
  select a.id, a.kind, a.created_at, w.type, a.achievement_id, a.level, a.challenge_id, g.name,
         fr.username, fr.discriminator, w.id, w.date, w.time,
         private.activity_flex_count(a.id),
         exists (select 1 from public.flexes fx
                 where fx.activity_id = a.id and fx.sender_id = (select auth.uid()) and not fx._deleted)
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
