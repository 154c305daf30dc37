-- Workout reminders: a `workout_reminder` notification when a workout's reminder time has come.
--
-- workouts.reminder_min is "minutes before the workout starts"; the start is date + time in the owner's
-- time zone (profiles.timezone). A workout without a time counts as starting at 09:00 (so a reminder
-- never fires at midnight). private.create_due_workout_reminders() makes the notification of every
-- reminder that is due, once: the id is deterministic ("workout_reminder:<workout>:<date>T<HH:MI>"),
-- so running it twice, or from two schedulers at once, inserts nothing the second time; moving the
-- workout to another date or time gives a new id, so the moved workout is reminded again.
--
-- A reminder is due from its time until 15 minutes after the workout started (a scheduler that was
-- down for a while still reminds a workout that is about to begin, but not yesterday's).
--
-- Who calls it: hosted Supabase schedules it with pg_cron (docs/database.md, "Reminders"); the local
-- emulator calls it every 30 s (supabase/emulator/src/push). Nobody else may execute it.
-- Push delivery of the new rows goes the way of every notification (a database webhook on insert).

alter table public.notifications drop constraint notifications_type_check;
alter table public.notifications add constraint notifications_type_check
  check (type in ('workout_joined', 'workout_join_request_received', 'workout_join_request_accepted',
                  'friend_request_accepted', 'friend_request_received', 'flex_received', 'workout_reminder'));

-- The scheduler's scan: upcoming workouts with a reminder.
create index workouts_reminder_idx on public.workouts (date) where reminder_min is not null and not _deleted;

-- security definer: it writes notifications for every user (no caller identity; run by the scheduler).
create function private.create_due_workout_reminders(p_now timestamptz default now()) returns int
language plpgsql security definer set search_path = ''
as $$
declare
  v_count int;
  v_utc_today date := (p_now at time zone 'UTC')::date;
begin
  with candidates as (
    select w.id, w.user_id, w.date, w.reminder_min,
           coalesce(w.time, time '09:00') as start_time,
           ((w.date + coalesce(w.time, time '09:00')) at time zone p.timezone) as starts_at
    from public.workouts w
    join public.profiles p on p.id = w.user_id
    where not w._deleted
      and w.reminder_min is not null
      -- reminder_min is at most 7 days; zones are at most 14 hours away from UTC.
      and w.date between v_utc_today - 2 and v_utc_today + 9
  )
  insert into public.notifications (id, user_id, type, workout_id)
  select 'workout_reminder:' || c.id || ':' || to_char(c.date, 'YYYY-MM-DD') || 'T' || to_char(c.start_time, 'HH24:MI'),
         c.user_id, 'workout_reminder', c.id
  from candidates c
  where c.starts_at - make_interval(mins => c.reminder_min) <= p_now
    and p_now < c.starts_at + interval '15 minutes'
  on conflict (id) do nothing;
  get diagnostics v_count = row_count;
  return v_count;
end
$$;
revoke execute on function private.create_due_workout_reminders(timestamptz) from public;
grant execute on function private.create_due_workout_reminders(timestamptz) to service_role;
