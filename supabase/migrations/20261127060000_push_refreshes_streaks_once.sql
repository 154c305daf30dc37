-- A push of workouts refreshes the pusher's streaks once, after its rows, not once per row (issue 19:
-- offline_replay_500_s).
--
-- refresh_streaks reads every covered day of the user's history (private.covered_days) and recomputes
-- both streaks: about 4 ms for a user with 10,000 workouts on PGlite. workouts_after_write ran it for each
-- row, so a device replaying an offline queue (pushes go 100 rows to a request) spent most of each push
-- recomputing streaks that the next row changed again. Now push_workouts sets a transaction-local flag
-- that the trigger reads, and refreshes once when its rows are written (refresh_my_progress: the caller's
-- streaks, security definer, executable by authenticated). The end state is the same as refreshing after
-- every row, except that a best streak that existed only between two rows of one push (a day added and
-- removed again in the same batch) is no longer recorded.
--
-- The flag cannot be set by a client: PostgREST runs one function per request and sets only its own
-- request.* settings; and all it could do is delay the caller's own refresh to the next write.
-- workouts_after_write's body is the one in 20261126100000_streak_rules.sql but for the flag.

create or replace function private.workouts_after_write() returns trigger
language plpgsql security definer set search_path = ''
as $$
declare
  v_today date;
begin
  if tg_op = 'UPDATE' and new.date = old.date and new._deleted = old._deleted and new.covers_day = old.covers_day then
    return null;
  end if;
  if new.covers_day and not new._deleted then
    v_today := private.user_today(new.user_id);
    if new.date between v_today - 2 and v_today + 90 then
      perform private.award_xp(new.user_id, 'workout_planned', new.user_id::text || ':' || new.date::text, 5);
    end if;
    perform private.unlock_achievements(new.user_id, 'workouts', 1);
  end if;
  if new.covers_day then
    insert into public.activities (id, user_id, kind, workout_id, _deleted)
    values ('workout:' || new.id, new.user_id,
            case when new.joined_from is null then 'workout_planned' else 'workout_joined' end, new.id, new._deleted)
    on conflict (id) do update set _deleted = excluded._deleted
      where public.activities._deleted is distinct from excluded._deleted;
  else
    update public.activities a set _deleted = true where a.id = 'workout:' || new.id and not a._deleted;
  end if;
  -- Inside push_workouts the push refreshes once, after all its rows.
  if coalesce(pg_catalog.current_setting('spotter.streaks_deferred', true), '') <> 'on' then
    perform private.refresh_streaks(new.user_id);
  end if;
  return null;
end
$$;

create or replace function public.push_workouts(p_rows jsonb) returns jsonb
language plpgsql security invoker set search_path = ''
as $$
declare
  v_result jsonb;
begin
  perform pg_catalog.set_config('spotter.streaks_deferred', 'on', true);
  v_result := private.push_rows('workouts', p_rows,
    array['id', 'user_id', 'type', 'preset', 'title', 'date', 'time', 'duration_min', 'notes', 'reminder_min',
          'joined_from', 'created_at', '_deleted'],
    array['type', 'preset', 'title', 'date', 'time', 'duration_min', 'notes', 'reminder_min', '_deleted']);
  perform pg_catalog.set_config('spotter.streaks_deferred', '', true);
  perform private.refresh_my_progress();
  return v_result;
end
$$;
