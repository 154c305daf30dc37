-- Check-ins cannot farm feed items and achievements (issue 34, item 6).
--
-- Every check-in made a feed item and counted toward the check-in achievements ("Regular": 10), so ten
-- check-ins in a minute unlocked it and flooded friends' feeds. Now a check-in is a new visit, with a feed
-- item and achievement progress, only when
-- - no other check-in of the user at the same gym lies within 3 hours of it, before or after (3 hours is
--   how long presence counts a check-in as "here now", get_friends_at_gym: a check-in inside that window
--   is the same visit; a second visit later in the day still counts); before or after, because an offline
--   check-in may arrive dated earlier than one already made; and
-- - fewer than 3 visits of the user arrived (created_at, the server's time, which the client cannot date
--   back) in the last 24 hours: hopping between gyms, or dating check-ins back over the 7 days the table
--   allows, makes at most 3 visits a day. A real user checks in once or twice a day; one back from a week
--   offline gets their first 3 of it counted.
-- Any other check-in is kept (it is still presence, and still ends the previous open check-in) but makes
-- no activity and no progress. The activity row is the mark of a visit: the achievement counts the
-- user's live check-ins that have one. The rule is in the insert trigger, so check_in() and a direct REST
-- insert obey it alike; one user's check-ins are judged one at a time (an advisory lock).

create or replace function private.check_ins_after_insert() returns trigger
language plpgsql security definer set search_path = ''
as $$
declare
  v_visit boolean;
begin
  perform pg_catalog.pg_advisory_xact_lock(pg_catalog.hashtext('check_in_visit:' || new.user_id::text));
  -- One place at a time: an earlier open check-in ends where this one starts.
  update public.check_ins c set checked_out_at = new.checked_in_at
  where c.user_id = new.user_id and c.id <> new.id and c.checked_out_at is null and c.checked_in_at <= new.checked_in_at;
  v_visit := not exists (
      select 1 from public.check_ins c
      where c.user_id = new.user_id and c.gym_id = new.gym_id and c.id <> new.id and not c._deleted
        and c.checked_in_at > new.checked_in_at - interval '3 hours'
        and c.checked_in_at < new.checked_in_at + interval '3 hours')
    and (select count(*) from public.check_ins c
         join public.activities a on a.id = 'check_in:' || c.id
         where c.user_id = new.user_id and c.id <> new.id
           and c.created_at > pg_catalog.now() - interval '24 hours') < 3;
  if not v_visit then
    return null;
  end if;
  insert into public.activities (id, user_id, kind, gym_id, check_in_id, created_at)
  values ('check_in:' || new.id, new.user_id, 'check_in', new.gym_id, new.id, new.checked_in_at)
  on conflict (id) do nothing;
  perform private.unlock_achievements(new.user_id, 'check_ins',
    (select count(*) from public.check_ins c
     where c.user_id = new.user_id and not c._deleted
       and exists (select 1 from public.activities a where a.id = 'check_in:' || c.id)));
  return null;
end
$$;
