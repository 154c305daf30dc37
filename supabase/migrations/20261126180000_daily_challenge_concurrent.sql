-- complete_daily_challenge called twice at the same moment (a service-worker replay and a sync-worker
-- retry, on two connections) could fail one call with a unique violation on (user_id, completed_on):
-- `on conflict (id)` only arbitrates the primary key, and the second insert can meet the first one's
-- uncommitted row in the (user_id, completed_on) index first (test/integration/db/concurrency.test.ts on
-- PostgreSQL 15, seen in CI). The same repair as confirm_rest_day's (20261122110000): no conflict target,
-- so any unique index arbitrates, and the day's row, the other call's, is returned as already completed.
-- Same signature, result and rules.
create or replace function public.complete_daily_challenge(p_challenge_id text) returns jsonb
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
    on conflict do nothing;
    v_already := not found;  -- a concurrent replay got there first
    select * into v_row from public.daily_challenge_completions d where d.id = v_uid::text || ':' || v_today::text;
  end if;
  return jsonb_build_object('id', v_row.id, 'challenge_id', v_row.challenge_id, 'completed_on', v_row.completed_on,
                            'points', v_row.points, 'already_completed', v_already);
end
$$;
