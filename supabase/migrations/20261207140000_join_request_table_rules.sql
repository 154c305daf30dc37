-- Join-request rules live in the table, not only in request_join_workout (issue 34, item 4).
--
-- request_join_workout (20261126150000) refuses a workout that is over and answers a workout already
-- joined with its accepted request; a direct REST insert into workout_join_requests skipped both, and
-- could use an id whose derived copy id ('join-' || id, made when the owner accepts) does not fit
-- workouts.id (at most 64 characters), so the owner's accept failed on a check constraint. The insert
-- trigger now holds all three, for the RPC and a direct insert alike:
--   - a workout dated before today in its owner's zone: 'Workout is over' (SPW06), after the friend check
--     so a stranger still learns only 'Workout not found' (a private owner's workouts are hidden from
--     friends too, so they are 'Workout not found' as before). The owner's zone is read through
--     private.user_today, as the streak rules read it;
--   - a workout the requester was already accepted into: 'You already joined this workout' (SPW08); the
--     RPC never gets there (it answers the accepted request), so only a direct insert sees it;
--   - an id longer than 59 characters: 'Join request id too long' (SPV01), so 'join-' || id fits.
-- A replay of a request made in time is answered by the RPC from the stored row before any insert, so a
-- request queued offline before midnight is still not lost to the clock.

create or replace function private.workout_join_requests_before_insert() returns trigger
language plpgsql security invoker set search_path = ''
as $$
declare
  v_owner uuid;
  v_date date;
begin
  select w.user_id, w.date into v_owner, v_date from public.workouts w where w.id = new.workout_id and not w._deleted;
  if v_owner is null or (v_owner <> new.requester_id and not private.are_friends(new.requester_id, v_owner)) then
    raise exception 'Workout not found' using errcode = 'SPW01';
  end if;
  if v_owner = new.requester_id then
    raise exception 'You cannot join your own workout' using errcode = 'SPW03';
  end if;
  if new.replace_workout_id is not null and not exists (
       select 1 from public.workouts w where w.id = new.replace_workout_id and w.user_id = new.requester_id) then
    raise exception 'Workout not found' using errcode = 'SPW01';
  end if;
  if char_length(new.id) > 59 then
    raise exception 'Join request id too long' using errcode = 'SPV01';
  end if;
  if v_date < private.user_today(v_owner) then
    raise exception 'Workout is over' using errcode = 'SPW06';
  end if;
  if exists (select 1 from public.workout_join_requests r
             where r.workout_id = new.workout_id and r.requester_id = new.requester_id
               and r.status = 'accepted' and not r._deleted) then
    raise exception 'You already joined this workout' using errcode = 'SPW08';
  end if;
  new.owner_id := v_owner;
  new.status := 'pending';
  new.copy_workout_id := null;
  new.responded_at := null;
  new.created_at := pg_catalog.now();
  return new;
end
$$;
