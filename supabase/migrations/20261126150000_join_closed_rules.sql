-- Joining a friend's workout: Closed for past workouts and for one I already joined (issue 15).
--
-- a. A workout dated before today in its owner's zone (the day is the owner's: they planned it) can no
--    longer be joined: 'Workout is over' (SPW06). A replay of a request made in time (same client id)
--    still answers the stored row, so a request queued offline before midnight is not lost to the clock.
-- b. A workout I was already accepted into answers that accepted request instead of making a second one
--    (which the owner could accept again, giving me a second copy): the button shows Joined.
-- Otherwise as 20261121100600_rpc_intents.sql (clash answer, pending replay, concurrent replay).
create or replace function public.request_join_workout(p_id text, p_workout_id text, p_replace_workout_id text default null)
returns jsonb
language plpgsql security invoker set search_path = ''
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
  if private.are_friends(v_uid, v_owner) and v_date < (
       select (pg_catalog.now() at time zone coalesce(p.timezone, 'UTC'))::date
       from public.profiles p where p.id = v_owner) then
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
