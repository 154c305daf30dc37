-- Intent RPCs: what the client asks the server to do. Each takes a client-generated id where it creates
-- a row and is idempotent: a service-worker replay plus a sync-worker retry of the same call applies
-- once (on conflict do nothing + the deterministic ids of the server rows + the XP ledger's uniqueness).
-- All are security invoker (RLS and the validating triggers apply as for a plain insert) except where a
-- comment says why not. Refusals raise with stable SQLSTATEs (SPxxx); docs/database.md maps them to
-- the spec's texts.

-- friends -------------------------------------------------------------------------------------------

-- Returns 1 when a request was sent, 2 when the receiver had already asked us and we are now friends.
create function public.send_friend_request(p_receiver_id uuid) returns int
language plpgsql security invoker set search_path = ''
as $$
declare
  v_uid uuid := private.require_uid();
begin
  if p_receiver_id = v_uid then
    raise exception 'You cannot add yourself as a friend' using errcode = 'SPF01';
  end if;
  if p_receiver_id is null or not private.profile_exists(p_receiver_id) then
    raise exception 'User not found' using errcode = 'SPF04';
  end if;
  if private.are_friends(v_uid, p_receiver_id) then
    raise exception 'You are already friends' using errcode = 'SPF02';
  end if;
  update public.friend_requests r set status = 'accepted'
  where r.sender_id = p_receiver_id and r.receiver_id = v_uid and r.status = 'pending';
  if found then
    return 2;
  end if;
  begin
    insert into public.friend_requests (sender_id, receiver_id) values (v_uid, p_receiver_id);
  exception when unique_violation then
    raise exception 'Friend request already exists' using errcode = 'SPF03';
  end;
  return 1;
end
$$;

-- "username#1234" (the product ID). Same results as send_friend_request.
create function public.add_friend_by_handle(p_handle text) returns int
language plpgsql security invoker set search_path = ''
as $$
declare
  v_uid uuid := private.require_uid();
  v_match text[] := pg_catalog.regexp_match(coalesce(p_handle, ''), '^\s*(.+)#([0-9]{4})\s*$');
  v_id uuid;
begin
  if v_match is null then
    raise exception 'User not found' using errcode = 'SPF04';
  end if;
  v_id := private.find_user_by_handle(v_match[1], v_match[2]);
  if v_id is null then
    raise exception 'User not found' using errcode = 'SPF04';
  end if;
  if v_id = v_uid then
    raise exception 'You cannot add yourself as a friend' using errcode = 'SPF01';
  end if;
  return public.send_friend_request(v_id);
end
$$;

-- Accept or decline a request sent to me. Replaying the same answer returns the same status.
create function public.respond_friend_request(p_request_id text, p_accept boolean) returns text
language plpgsql security invoker set search_path = ''
as $$
declare
  v_uid uuid := private.require_uid();
  v_target text := case when p_accept then 'accepted' else 'declined' end;
  v_status text;
begin
  update public.friend_requests r set status = v_target
  where r.id = p_request_id and r.receiver_id = v_uid and r.status = 'pending';
  select r.status into v_status from public.friend_requests r where r.id = p_request_id and r.receiver_id = v_uid;
  if v_status is null then
    raise exception 'Friend request not found' using errcode = 'SPF05';
  end if;
  if v_status <> v_target then
    raise exception 'Friend request is no longer pending' using errcode = 'SPF07';
  end if;
  return v_status;
end
$$;

create function public.cancel_friend_request(p_request_id text) returns text
language plpgsql security invoker set search_path = ''
as $$
declare
  v_uid uuid := private.require_uid();
  v_status text;
begin
  update public.friend_requests r set status = 'cancelled'
  where r.id = p_request_id and r.sender_id = v_uid and r.status = 'pending';
  select r.status into v_status from public.friend_requests r where r.id = p_request_id and r.sender_id = v_uid;
  if v_status is null then
    raise exception 'Friend request not found' using errcode = 'SPF05';
  end if;
  if v_status <> 'cancelled' then
    raise exception 'Friend request is no longer pending' using errcode = 'SPF07';
  end if;
  return v_status;
end
$$;

-- security definer: ends the friendship in both directions, and the friend's row is not the caller's
-- to write. Acts only on rows where the caller is one side.
create function public.remove_friend(p_friend_id uuid) returns boolean
language plpgsql security definer set search_path = ''
as $$
declare
  v_uid uuid := private.require_uid();
  v_count int;
begin
  update public.friendships f set _deleted = true
  where ((f.user_id = v_uid and f.friend_id = p_friend_id) or (f.user_id = p_friend_id and f.friend_id = v_uid))
    and not f._deleted;
  get diagnostics v_count = row_count;
  return v_count > 0;
end
$$;

-- flexes --------------------------------------------------------------------------------------------

create function public.flex_activity(p_id text, p_activity_id text) returns public.flexes
language plpgsql security invoker set search_path = ''
as $$
declare
  v_uid uuid := private.require_uid();
  v_row public.flexes;
begin
  select * into v_row from public.flexes f where f.sender_id = v_uid and f.activity_id = p_activity_id;
  if found then
    return v_row;
  end if;
  insert into public.flexes (id, sender_id, activity_id) values (p_id, v_uid, p_activity_id) on conflict do nothing;
  select * into v_row from public.flexes f where f.sender_id = v_uid and f.activity_id = p_activity_id;
  if not found then
    raise exception 'Id already used' using errcode = 'SPX01';
  end if;
  return v_row;
end
$$;

-- joining a friend's workout ------------------------------------------------------------------------

-- Result: {"id","status":"pending"|"accepted"|"declined","copy_workout_id"} or, when I already have a
-- workout at the same date and time (two untimed workouts on one date count as the same time) and no
-- replacement was named, {"status":"clash","clash_workout_id"} without creating anything. Call again
-- with p_replace_workout_id to replace that workout once the owner accepts.
create function public.request_join_workout(p_id text, p_workout_id text, p_replace_workout_id text default null)
returns jsonb
language plpgsql security invoker set search_path = ''
as $$
declare
  v_uid uuid := private.require_uid();
  v_req public.workout_join_requests;
  v_date date;
  v_time time;
  v_clash text;
begin
  select * into v_req from public.workout_join_requests r where r.id = p_id;
  if found then
    if v_req.requester_id <> v_uid then
      raise exception 'Id already used' using errcode = 'SPX01';
    end if;
    return jsonb_build_object('id', v_req.id, 'status', v_req.status, 'copy_workout_id', v_req.copy_workout_id);
  end if;
  select w.date, w.time into v_date, v_time from public.workouts w where w.id = p_workout_id and not w._deleted;
  if v_date is null then
    raise exception 'Workout not found' using errcode = 'SPW01';
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

-- Owner only. On accept the requester gets a copy ("join-<request id>"); replaying the same answer
-- returns the same result.
create function public.respond_join_request(p_request_id text, p_accept boolean) returns jsonb
language plpgsql security invoker set search_path = ''
as $$
declare
  v_uid uuid := private.require_uid();
  v_target text := case when p_accept then 'accepted' else 'declined' end;
  v_req public.workout_join_requests;
begin
  update public.workout_join_requests r set status = v_target
  where r.id = p_request_id and r.owner_id = v_uid and r.status = 'pending';
  select * into v_req from public.workout_join_requests r where r.id = p_request_id;
  if not found then
    raise exception 'Join request not found' using errcode = 'SPW04';
  end if;
  if v_req.owner_id <> v_uid then
    raise exception 'Only the workout owner can respond to a join request' using errcode = 'SPW02';
  end if;
  if v_req.status <> v_target then
    raise exception 'Join request is no longer pending' using errcode = 'SPW05';
  end if;
  return jsonb_build_object('id', v_req.id, 'status', v_req.status, 'copy_workout_id', v_req.copy_workout_id);
end
$$;

-- gyms ----------------------------------------------------------------------------------------------

create function public.check_in(p_id text, p_gym_id text, p_at timestamptz default null) returns public.check_ins
language plpgsql security invoker set search_path = ''
as $$
declare
  v_uid uuid := private.require_uid();
  v_row public.check_ins;
begin
  select * into v_row from public.check_ins c where c.id = p_id;
  if not found then
    insert into public.check_ins (id, user_id, gym_id, checked_in_at) values (p_id, v_uid, p_gym_id, p_at)
    on conflict (id) do nothing;
    select * into v_row from public.check_ins c where c.id = p_id;
  end if;
  if v_row.id is null or v_row.user_id <> v_uid then
    raise exception 'Id already used' using errcode = 'SPX01';
  end if;
  return v_row;
end
$$;

-- Without an id: my open check-in. Checking out twice keeps the first time.
create function public.check_out(p_check_in_id text default null, p_at timestamptz default null)
returns public.check_ins
language plpgsql security invoker set search_path = ''
as $$
declare
  v_uid uuid := private.require_uid();
  v_row public.check_ins;
begin
  select * into v_row from public.check_ins c
  where c.user_id = v_uid and not c._deleted
    and (c.id = p_check_in_id or (p_check_in_id is null and c.checked_out_at is null))
  order by c.checked_in_at desc limit 1;
  if not found then
    raise exception 'Check-in not found' using errcode = 'SPG03';
  end if;
  if v_row.checked_out_at is null then
    update public.check_ins c set checked_out_at = coalesce(p_at, pg_catalog.now()) where c.id = v_row.id
    returning * into v_row;
  end if;
  return v_row;
end
$$;

-- Replaces my home gyms by this ordered list (at most 3). An unchanged list writes nothing.
create function public.set_home_gyms(p_gym_ids text[]) returns setof public.home_gyms
language plpgsql security invoker set search_path = ''
as $$
declare
  v_uid uuid := private.require_uid();
  v_ids text[];
  v_current text[];
begin
  select coalesce(array_agg(g order by o), '{}') into v_ids
  from (select u.g, min(u.o) as o from pg_catalog.unnest(coalesce(p_gym_ids, '{}')) with ordinality as u(g, o)
        where u.g is not null group by u.g) d;
  if cardinality(v_ids) > 3 then
    raise exception 'You can choose at most 3 home gyms' using errcode = 'SPG02';
  end if;
  select coalesce(array_agg(h.gym_id order by h.position), '{}') into v_current
  from public.home_gyms h where h.user_id = v_uid and not h._deleted;
  if v_current is distinct from v_ids then
    update public.home_gyms h set _deleted = true where h.user_id = v_uid and not h._deleted;
    for i in 1 .. cardinality(v_ids) loop
      insert into public.home_gyms (id, user_id, gym_id, position, _deleted)
      values (v_uid::text || ':' || v_ids[i], v_uid, v_ids[i], i, false)
      on conflict (id) do update set position = excluded.position, _deleted = false;
    end loop;
  end if;
  return query select * from public.home_gyms h where h.user_id = v_uid and not h._deleted order by h.position;
end
$$;

-- rest days -----------------------------------------------------------------------------------------

-- Day defaults to today in my time zone; id "<user>:<day>", so confirming twice is one row and 10 XP.
create function public.confirm_rest_day(p_day date default null) returns public.rest_days
language plpgsql security invoker set search_path = ''
as $$
declare
  v_uid uuid := private.require_uid();
  v_day date := coalesce(p_day, private.user_today(v_uid));
  v_row public.rest_days;
begin
  insert into public.rest_days (id, user_id, day) values (v_uid::text || ':' || v_day::text, v_uid, v_day)
  on conflict (id) do update set _deleted = false where public.rest_days._deleted;
  select * into v_row from public.rest_days r where r.id = v_uid::text || ':' || v_day::text;
  return v_row;
end
$$;

-- daily challenge -----------------------------------------------------------------------------------

-- The challenge of a UTC date: a fixed walk through the catalogue (ordered by position), step 17 per
-- day, so every client and the server agree without storing a schedule. Falls back to the plank.
create function public.get_daily_challenge(p_date date)
returns table (challenge_id text, name text, description text, points int)
language plpgsql stable security invoker set search_path = ''
as $$
#variable_conflict use_column
declare
  v_date date := coalesce(p_date, (pg_catalog.now() at time zone 'UTC')::date);
  v_count int;
begin
  select count(*) into v_count from public.daily_challenges c where not c._deleted;
  if v_count = 0 then
    return query select 'plank_60s'::text, '60s Plank'::text, 'Hold a plank for 60 seconds'::text, 15;
    return;
  end if;
  return query
    select c.challenge_id, c.name, c.description, c.points
    from public.daily_challenges c
    where not c._deleted
    order by c.position, c.challenge_id
    offset ((((v_date - date '2020-01-01')::bigint * 17) % v_count) + v_count) % v_count
    limit 1;
end
$$;

-- Only today's (UTC) challenge, once per UTC date. A second call the same day (a replay) returns the
-- completion with already_completed = true and awards nothing.
create function public.complete_daily_challenge(p_challenge_id text) returns jsonb
language plpgsql security invoker set search_path = ''
as $$
declare
  v_uid uuid := private.require_uid();
  v_today date := (pg_catalog.now() at time zone 'UTC')::date;
  v_row public.daily_challenge_completions;
  v_already boolean := true;
begin
  select * into v_row from public.daily_challenge_completions d where d.id = v_uid::text || ':' || v_today::text;
  if not found then
    insert into public.daily_challenge_completions (id, user_id, challenge_id)
    values (v_uid::text || ':' || v_today::text, v_uid, p_challenge_id)
    on conflict (id) do nothing;
    v_already := not found;  -- a concurrent replay got there first
    select * into v_row from public.daily_challenge_completions d where d.id = v_uid::text || ':' || v_today::text;
  end if;
  return jsonb_build_object('id', v_row.id, 'challenge_id', v_row.challenge_id, 'completed_on', v_row.completed_on,
                            'points', v_row.points, 'already_completed', v_already);
end
$$;

-- notifications -------------------------------------------------------------------------------------

create function public.mark_all_notifications_read() returns int
language plpgsql security invoker set search_path = ''
as $$
declare
  v_uid uuid := private.require_uid();
  v_count int;
begin
  update public.notifications n set is_read = true where n.user_id = v_uid and not n.is_read and not n._deleted;
  get diagnostics v_count = row_count;
  return v_count;
end
$$;

-- Soft delete, so replicas see the deletion.
create function public.delete_all_notifications() returns int
language plpgsql security invoker set search_path = ''
as $$
declare
  v_uid uuid := private.require_uid();
  v_count int;
begin
  update public.notifications n set _deleted = true, is_read = true where n.user_id = v_uid and not n._deleted;
  get diagnostics v_count = row_count;
  return v_count;
end
$$;

-- progress ------------------------------------------------------------------------------------------

-- security definer: streaks are server-owned columns. "Today" moves without any write, so the client
-- calls this at start-up and after midnight; it recomputes only the caller's own streaks.
create function public.refresh_my_progress() returns public.profiles
language plpgsql security definer set search_path = ''
as $$
declare
  v_uid uuid := private.require_uid();
  v_row public.profiles;
begin
  perform private.refresh_streaks(v_uid);
  select * into v_row from public.profiles p where p.id = v_uid;
  return v_row;
end
$$;
