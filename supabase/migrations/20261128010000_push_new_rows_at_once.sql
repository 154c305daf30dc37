-- A push of workouts that are all new is written with one INSERT instead of one per row (issue 19:
-- offline_replay_500_s).
--
-- private.push_rows handles each row on its own: a dynamic SELECT ... FOR UPDATE, a dynamic INSERT built
-- with format(), and a subtransaction (its exception block) per row. For a 100-row push of new workouts
-- that is about 60 of its ~110 ms on PGlite (pg_stat_user_functions: push_rows' own time); one INSERT of
-- the same rows, firing the same row triggers, takes about 50 ms in all. A device replaying an offline
-- queue sends exactly that: 100 new rows to a request.
--
-- private.push_new_rows takes that path only when its answer is certain to be the one push_rows would
-- give, "all inserted": every item has an object newDocumentState with an id, the ids are distinct, none
-- of them is a row the caller can see, and every row carries the same insertable keys (push_rows inserts
-- only the keys a row carries, so the others take their defaults; one INSERT needs one column list).
-- The INSERT runs in one subtransaction: if any row fails (a check, RLS, someone else's invisible id, a
-- concurrent insert of the same id), everything it did is rolled back and it answers false, and
-- push_workouts hands the batch to push_rows, which reports each row as before.
--
-- Same rows, same triggers, same order (the rows are inserted in the batch's order). What a row trigger
-- sees differs only in that the batch's other rows are written before the AFTER triggers run rather than
-- between them; workouts_after_write depends on no other row of the batch (XP per date is idempotent, the
-- 'workouts' achievement threshold is a constant 1, streaks are refreshed once after the push).

create function private.push_new_rows(p_table text, p_rows jsonb, p_insert_cols text[]) returns boolean
language plpgsql security invoker set search_path = ''
as $$
declare
  v_uid uuid := private.require_uid();
  v_docs jsonb;
  v_items int;
  v_ids int;
  v_shapes int;
  v_cols text[];
  v_seen boolean;
begin
  if jsonb_typeof(p_rows) is distinct from 'array' or jsonb_array_length(p_rows) not between 1 and 500 then
    return false;
  end if;
  select
    jsonb_agg(jsonb_build_object('user_id', v_uid) || (e.value -> 'newDocumentState') order by e.n),
    count(*),
    count(distinct e.value -> 'newDocumentState' ->> 'id'),
    count(distinct array(select c from unnest(p_insert_cols) c
                         where jsonb_build_object('user_id', v_uid) || (e.value -> 'newDocumentState') ? c))
  into v_docs, v_items, v_ids, v_shapes
  from jsonb_array_elements(p_rows) with ordinality e(value, n)
  where jsonb_typeof(e.value) = 'object' and jsonb_typeof(e.value -> 'newDocumentState') = 'object';
  if v_items <> jsonb_array_length(p_rows) or v_ids <> v_items or v_shapes <> 1 then
    return false;
  end if;
  select array_agg(c) into v_cols from unnest(p_insert_cols) c where (v_docs -> 0) ? c;
  begin
    -- Inside the block: a value that does not cast fails here as in the INSERT.
    execute format('select exists (select 1 from public.%I t join jsonb_populate_recordset(null::public.%I, $1) r
                                   on t.id = r.id)', p_table, p_table)
      into v_seen using v_docs;
    if v_seen then
      return false;
    end if;
    execute format('insert into public.%I (%s) select %s from jsonb_populate_recordset(null::public.%I, $1) r',
                   p_table,
                   (select string_agg(format('%I', c), ', ') from unnest(v_cols) c),
                   (select string_agg(format('r.%I', c), ', ') from unnest(v_cols) c),
                   p_table)
      using v_docs;
  exception when others then
    return false;
  end;
  return true;
end
$$;
revoke all on function private.push_new_rows(text, jsonb, text[]) from public, anon;
grant execute on function private.push_new_rows(text, jsonb, text[]) to authenticated, service_role;

-- As in 20261127060000_push_refreshes_streaks_once.sql, with the all-new path first.
create or replace function public.push_workouts(p_rows jsonb) returns jsonb
language plpgsql security invoker set search_path = ''
as $$
declare
  v_insert_cols constant text[] := array['id', 'user_id', 'type', 'preset', 'title', 'date', 'time',
    'duration_min', 'notes', 'reminder_min', 'joined_from', 'created_at', '_deleted'];
  v_result jsonb;
begin
  perform pg_catalog.set_config('spotter.streaks_deferred', 'on', true);
  if private.push_new_rows('workouts', p_rows, v_insert_cols) then
    v_result := jsonb_build_object('conflicts', '[]'::jsonb, 'rejected', '[]'::jsonb);
  else
    v_result := private.push_rows('workouts', p_rows, v_insert_cols,
      array['type', 'preset', 'title', 'date', 'time', 'duration_min', 'notes', 'reminder_min', '_deleted']);
  end if;
  perform pg_catalog.set_config('spotter.streaks_deferred', '', true);
  perform private.refresh_my_progress();
  return v_result;
end
$$;
