-- Notifications and push cannot be used to flood someone (issue 34, item 1).
--
-- Sending, cancelling and re-sending a friend request, declining and re-requesting a join, or flexing
-- every activity of one person each made a new notification, and each new notification row is a push to
-- every device of the recipient (20261127030000). Now a sender makes at most one notification, and so
-- one push, per recipient and kind within 10 minutes: the window of the in-app grouping
-- (src/features/notifications/notification-groups.ts, BURST_WINDOW_MS), anchored at the first
-- notification like the groups are. For the join kinds the workout is part of the key too, because the
-- owner answers a join request from its notification (notifications-page.tsx): two workouts keep two
-- notifications, re-requests of one workout collapse.
--
-- A notification that collapses into the earlier one does not insert a row (so no push); it points the
-- earlier row at the newest source (friend_request_id, join_request_id, activity_id), so the row a
-- recipient opens or answers is the live request. It does not mark it unread nor move its time: that
-- would be the flood again, as a badge. Notifications without an actor (workout reminders) are as before.
-- Replays stay idempotent: the same notification id is a no-op as before, and re-pointing to the same
-- source changes nothing. Concurrent notifications with one key are serialised (an advisory lock).

create index notifications_burst_idx on public.notifications (user_id, actor_id, type, created_at desc);

create or replace function private.notify(p_id text, p_user uuid, p_type text, p_actor uuid,
  p_friend_request_id text default null, p_workout_id text default null, p_join_request_id text default null,
  p_activity_id text default null) returns void
language plpgsql security definer set search_path = ''
as $$
declare
  v_earlier text;
begin
  if p_actor is not null then
    perform pg_catalog.pg_advisory_xact_lock(pg_catalog.hashtext(
      'notify:' || p_user::text || ':' || p_actor::text || ':' || p_type || ':' || coalesce(p_workout_id, '')));
    if exists (select 1 from public.notifications n where n.id = p_id) then
      return;
    end if;
    select n.id into v_earlier from public.notifications n
    where n.user_id = p_user and n.actor_id = p_actor and n.type = p_type
      and n.created_at > pg_catalog.now() - interval '10 minutes'
      and (p_type not in ('workout_join_request_received', 'workout_join_request_accepted', 'workout_joined')
           or n.workout_id is not distinct from p_workout_id)
    order by n.created_at desc, n.id
    limit 1;
    if v_earlier is not null then
      update public.notifications n
         set friend_request_id = coalesce(p_friend_request_id, n.friend_request_id),
             join_request_id = coalesce(p_join_request_id, n.join_request_id),
             activity_id = coalesce(p_activity_id, n.activity_id),
             workout_id = coalesce(p_workout_id, n.workout_id)
       where n.id = v_earlier
         and (n.friend_request_id, n.join_request_id, n.activity_id, n.workout_id) is distinct from
             (coalesce(p_friend_request_id, n.friend_request_id), coalesce(p_join_request_id, n.join_request_id),
              coalesce(p_activity_id, n.activity_id), coalesce(p_workout_id, n.workout_id));
      return;
    end if;
  end if;
  insert into public.notifications (id, user_id, type, actor_id, friend_request_id, workout_id, join_request_id, activity_id)
  values (p_id, p_user, p_type, p_actor, p_friend_request_id, p_workout_id, p_join_request_id, p_activity_id)
  on conflict (id) do nothing;
end
$$;
