-- confirm_rest_day called twice at the same moment (a service-worker replay and a sync-worker retry, on
-- two connections) could fail one call with a unique violation on (user_id, day): `on conflict (id)` only
-- arbitrates the primary key, and the second insert can meet the first one's uncommitted row in the
-- (user_id, day) index first (test/integration/db/concurrency.test.ts on PostgreSQL 15). The row of that
-- day is then the other call's, already committed: return it. Same signature, result and rules.
create or replace function public.confirm_rest_day(p_day date default null) returns public.rest_days
language plpgsql security invoker set search_path = ''
as $$
declare
  v_uid uuid := private.require_uid();
  v_day date := coalesce(p_day, private.user_today(v_uid));
  v_row public.rest_days;
begin
  begin
    insert into public.rest_days (id, user_id, day) values (v_uid::text || ':' || v_day::text, v_uid, v_day)
    on conflict (id) do update set _deleted = false where public.rest_days._deleted;
  exception when unique_violation then
    -- A concurrent call inserted this day and committed: its row (and its award) is the result.
    null;
  end;
  select * into v_row from public.rest_days r where r.id = v_uid::text || ':' || v_day::text;
  return v_row;
end
$$;
