-- A push of new workouts that cover no day up to the streak's today refreshes no streak (issue 19:
-- cross_device_p95_ms).
--
-- refresh_streaks reads every covered day of the user (private.covered_days: ~3 of the ~4.5 ms it takes
-- for a user with 10,000 workouts on PGlite, most of a one-row push's ~8 ms) and recomputes both streaks
-- from the covered days up to the streak's today (the later of today in the user's zone and the day
-- already judged), the bridged days and the stored best. When the day already judged is still that today,
-- and none of the push's new rows covers a day up to it (planned for a later day, written deleted, or
-- dated too far back to cover), none of those inputs changed since the last refresh, which ran on every
-- change of covered days; it would write what is stored. Then the push skips it. Otherwise (a day has
-- passed since the last judgment, a row covers a day up to today, or any batch that is not all new) the
-- push refreshes as before.

-- security definer: streak_state is server-owned and not readable by the API roles.
create function private.streak_judged_after(p_user uuid, p_days date[]) returns boolean
language sql stable security definer set search_path = ''
as $$
  select coalesce((
    select s.judged_day >= private.user_today(p_user)
      and not exists (select 1 from pg_catalog.unnest(p_days) d where d <= s.judged_day)
    from private.streak_state s where s.user_id = p_user), false)
$$;
comment on function private.streak_judged_after(uuid, date[]) is
  'True when the user''s streak was judged at its today already and no day in p_days is on or before it: covering those days changes no streak.';
revoke all on function private.streak_judged_after(uuid, date[]) from public, anon;
grant execute on function private.streak_judged_after(uuid, date[]) to authenticated, service_role;

-- As in 20261128010000_push_new_rows_at_once.sql, refreshing only when the new rows may change a streak.
create or replace function public.push_workouts(p_rows jsonb) returns jsonb
language plpgsql security invoker set search_path = ''
as $$
declare
  v_insert_cols constant text[] := array['id', 'user_id', 'type', 'preset', 'title', 'date', 'time',
    'duration_min', 'notes', 'reminder_min', 'joined_from', 'created_at', '_deleted'];
  v_result jsonb;
  v_all_new boolean;
  v_covered date[];
begin
  perform pg_catalog.set_config('spotter.streaks_deferred', 'on', true);
  v_all_new := private.push_new_rows('workouts', p_rows, v_insert_cols);
  if v_all_new then
    v_result := jsonb_build_object('conflicts', '[]'::jsonb, 'rejected', '[]'::jsonb);
  else
    v_result := private.push_rows('workouts', p_rows, v_insert_cols,
      array['type', 'preset', 'title', 'date', 'time', 'duration_min', 'notes', 'reminder_min', '_deleted']);
  end if;
  perform pg_catalog.set_config('spotter.streaks_deferred', '', true);
  if v_all_new then
    -- The days the new rows cover, as the triggers judged them.
    select coalesce(array_agg(w.date), '{}') into v_covered
    from public.workouts w
    where w.id = any (array(select e.value -> 'newDocumentState' ->> 'id'
                            from pg_catalog.jsonb_array_elements(p_rows) e))
      and w.covers_day and not w._deleted;
    if private.streak_judged_after(private.require_uid(), v_covered) then
      return v_result;
    end if;
  end if;
  perform private.refresh_my_progress();
  return v_result;
end
$$;
