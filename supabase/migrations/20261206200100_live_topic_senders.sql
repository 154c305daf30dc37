-- Live updates on private Broadcast channels (issue 33): what the database sends to whom.
--
-- Every change of a table the app follows live is sent, in the writing transaction, as a row of
-- realtime.messages (hosted Realtime delivers it after commit) to private topics `user:<id>`:
--
-- - to the row's own user(s), for their other devices and for what is addressed to them: the owner of
--   profiles, profile_details, user_settings, workouts, rest_days, check_ins, home_gyms, friendships,
--   notifications, xp_events, daily_challenge_completions and activities; both sides of friend_requests
--   (sender, receiver), workout_join_requests (owner, requester) and flexes (sender, recipient of the
--   flexed activity). Every column of these rows is readable by those users under RLS.
-- - to the friends who may see it, decided now with the rules the REST reads apply (a friend is a live,
--   not deleted friendships row user_id = author, friend_id = reader):
--   * activities: the author's friends unless the author is private (can_view / shares_with_me for a
--     friend), and for a new_friend activity only those who may see the named friend too (the
--     "activities: per owner visibility" policy and get_feed);
--   * check-in presence (check_ins): the author's friends unless the author is private (shares_with_me),
--     as a presence card {id, user_id, gym_id, checked_in_at, checked_out_at, _deleted};
--   * profile cards (profiles, which carry xp, level and streaks: what the weekly leaderboard and the
--     friends list show): the author's friends unless the author is private, whenever a column a friend
--     reads changed (not for _modified or the unused last_active_at alone), as the card
--     private.friend_profile_card builds (one function, so the read RPCs' shared card type can take it
--     over); a friend's device pulls the row it replicates on it.
--   A friendship that ends (friendships._deleted) stops the flow with the next write: nothing is kept
--   per reader. Strangers get nothing; gyms (reference data) are not sent and arrive with the pull.
--
-- Payload: what realtime.broadcast_changes sends, {operation, table, schema, record, old_record}, event =
-- the operation; old_record carries only the id (as postgres_changes did on RLS tables), so an update
-- never sends a value the reader could not see now. Sending goes through private.live_send: one insert
-- of one realtime.messages row per recipient (what realtime.send does for one topic), and, like
-- realtime.send, a failure is a warning and never fails the write.
--
-- Fan-out bound: at most 500 friends (20261206200200_friend_limit.sql), so a write sends at most 501
-- messages; docs/architecture.md "Capacity" has the measured cost per write.
--
-- The trigger functions run as the migration owner (security definer), which bypasses RLS on
-- realtime.messages (hosted: postgres; the emulator: its superuser), as Supabase's own
-- broadcast_changes trigger example does.

create function private.live_send(p_users uuid[], p_event text, p_payload jsonb) returns void
language plpgsql security definer set search_path = ''
as $$
begin
  if p_users is null or pg_catalog.cardinality(p_users) = 0 then
    return;
  end if;
  insert into realtime.messages (topic, extension, event, private, payload)
  select 'user:' || u.id::text, 'broadcast', p_event, true, p_payload
  from (select distinct x as id from pg_catalog.unnest(p_users) as x where x is not null) u;
exception
  when others then
    raise warning 'ErrorSendingBroadcastMessage: %', sqlerrm;
end
$$;

-- The broadcast_changes shape with a chosen record (null for DELETE) and only the id of the old row.
create function private.live_payload(p_op text, p_table text, p_record jsonb, p_id jsonb) returns jsonb
language sql immutable set search_path = ''
as $$
  select pg_catalog.jsonb_build_object(
    'operation', p_op, 'table', p_table, 'schema', 'public',
    'record', case when p_op = 'DELETE' then null else p_record end,
    'old_record', case when p_op = 'INSERT' then null else pg_catalog.jsonb_build_object('id', p_id) end)
$$;

-- Who sees a user's friends-only data now: their live friends, nobody while the user is private.
create function private.friend_audience(p_user uuid) returns uuid[]
language sql stable security definer set search_path = ''
as $$
  select coalesce(pg_catalog.array_agg(f.friend_id), '{}')
  from public.friendships f
  where f.user_id = p_user and not f._deleted
    and exists (select 1 from public.profiles p
                where p.id = p_user and not p._deleted and p.visibility <> 'private')
$$;

-- The friends who may see an activity of p_user naming p_friend (null: none), as the activities
-- policy decides for a friend: the author's audience, and the named friend visible to that reader
-- (the reader themself, a public profile, or a friends-only one the reader is a friend of).
create function private.activity_audience(p_user uuid, p_friend uuid) returns uuid[]
language sql stable security definer set search_path = ''
as $$
  select coalesce(pg_catalog.array_agg(a.id), '{}')
  from pg_catalog.unnest(private.friend_audience(p_user)) as a(id)
  where p_friend is null or a.id = p_friend
     or exists (select 1 from public.profiles fp
                where fp.id = p_friend and not fp._deleted
                  and (fp.visibility = 'public'
                       or (fp.visibility = 'friends'
                           and exists (select 1 from public.friendships ff
                                       where ff.user_id = p_friend and ff.friend_id = a.id and not ff._deleted))))
$$;

-- The friend-visible profile card: what a friend's device shows of a friend (lists, leaderboard).
create function private.friend_profile_card(p public.profiles) returns jsonb
language sql stable set search_path = ''
as $$
  select pg_catalog.jsonb_build_object(
    'id', p.id, 'username', p.username, 'discriminator', p.discriminator, 'slug', p.slug,
    'first_name', p.first_name, 'last_name', p.last_name, 'avatar_id', p.avatar_id, 'profile_picture_url', p.profile_picture_url, 'level', p.level, 'xp', p.xp,
    'current_streak', p.current_streak, 'best_streak', p.best_streak, '_modified', p._modified,
    '_deleted', p._deleted)
$$;

-- A change of a row to its users: the columns named by the trigger's arguments.
create function private.live_to_parties() returns trigger
language plpgsql security definer set search_path = ''
as $$
declare
  v_row jsonb := case when tg_op = 'DELETE' then pg_catalog.to_jsonb(old) else pg_catalog.to_jsonb(new) end;
  v_users uuid[] := '{}';
  v_column text;
begin
  foreach v_column in array tg_argv loop
    v_users := v_users || (v_row ->> v_column)::uuid;
  end loop;
  perform private.live_send(v_users, tg_op, private.live_payload(tg_op, tg_table_name, v_row, v_row -> 'id'));
  return null;
end
$$;

-- Activities: to the author and, in the same insert, to the friends who may see it.
create function private.live_activities() returns trigger
language plpgsql security definer set search_path = ''
as $$
declare
  v_row public.activities := case when tg_op = 'DELETE' then old else new end;
begin
  perform private.live_send(
    v_row.user_id || private.activity_audience(v_row.user_id, v_row.friend_id), tg_op,
    private.live_payload(tg_op, tg_table_name, pg_catalog.to_jsonb(v_row), pg_catalog.to_jsonb(v_row.id)));
  return null;
end
$$;

-- Check-ins: the whole row to the owner, the presence card to the friends who may see it.
create function private.live_check_ins() returns trigger
language plpgsql security definer set search_path = ''
as $$
declare
  v_row public.check_ins := case when tg_op = 'DELETE' then old else new end;
begin
  perform private.live_send(array[v_row.user_id], tg_op,
    private.live_payload(tg_op, tg_table_name, pg_catalog.to_jsonb(v_row), pg_catalog.to_jsonb(v_row.id)));
  perform private.live_send(private.friend_audience(v_row.user_id), tg_op,
    private.live_payload(tg_op, tg_table_name,
      pg_catalog.jsonb_build_object('id', v_row.id, 'user_id', v_row.user_id, 'gym_id', v_row.gym_id,
        'checked_in_at', v_row.checked_in_at, 'checked_out_at', v_row.checked_out_at, '_deleted', v_row._deleted),
      pg_catalog.to_jsonb(v_row.id)));
  return null;
end
$$;

-- Profiles: the card to the friends who may see it, when a column friends read changed.
create function private.live_profile_cards() returns trigger
language plpgsql security definer set search_path = ''
as $$
begin
  if tg_op = 'UPDATE'
     and (pg_catalog.to_jsonb(old) - '_modified' - 'last_active_at')
         = (pg_catalog.to_jsonb(new) - '_modified' - 'last_active_at') then
    return null;
  end if;
  perform private.live_send(private.friend_audience(new.id), tg_op,
    private.live_payload(tg_op, tg_table_name, private.friend_profile_card(new), pg_catalog.to_jsonb(new.id)));
  return null;
end
$$;

revoke execute on function private.live_send(uuid[], text, jsonb), private.live_payload(text, text, jsonb, jsonb),
  private.friend_audience(uuid), private.activity_audience(uuid, uuid),
  private.friend_profile_card(public.profiles), private.live_to_parties(), private.live_activities(),
  private.live_check_ins(), private.live_profile_cards() from public, anon, authenticated;

create trigger live_topics after insert or update or delete on public.profiles
  for each row execute function private.live_to_parties('id');
create trigger live_topics_friends after insert or update on public.profiles
  for each row execute function private.live_profile_cards();
create trigger live_topics after insert or update or delete on public.profile_details
  for each row execute function private.live_to_parties('id');
create trigger live_topics after insert or update or delete on public.user_settings
  for each row execute function private.live_to_parties('user_id');
create trigger live_topics after insert or update or delete on public.workouts
  for each row execute function private.live_to_parties('user_id');
create trigger live_topics after insert or update or delete on public.rest_days
  for each row execute function private.live_to_parties('user_id');
create trigger live_topics after insert or update or delete on public.home_gyms
  for each row execute function private.live_to_parties('user_id');
create trigger live_topics after insert or update or delete on public.friendships
  for each row execute function private.live_to_parties('user_id');
create trigger live_topics after insert or update or delete on public.friend_requests
  for each row execute function private.live_to_parties('sender_id', 'receiver_id');
create trigger live_topics after insert or update or delete on public.notifications
  for each row execute function private.live_to_parties('user_id');
create trigger live_topics after insert or update or delete on public.xp_events
  for each row execute function private.live_to_parties('user_id');
create trigger live_topics after insert or update or delete on public.workout_join_requests
  for each row execute function private.live_to_parties('owner_id', 'requester_id');
create trigger live_topics after insert or update or delete on public.daily_challenge_completions
  for each row execute function private.live_to_parties('user_id');
create trigger live_topics after insert or update or delete on public.flexes
  for each row execute function private.live_to_parties('sender_id', 'recipient_id');
create trigger live_topics after insert or update or delete on public.activities
  for each row execute function private.live_activities();
create trigger live_topics after insert or update or delete on public.check_ins
  for each row execute function private.live_check_ins();
