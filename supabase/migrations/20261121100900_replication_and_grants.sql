-- Conventions applied to every table at once, so a table cannot miss one:
-- - every public table with a _modified column gets the zz_touch_modified trigger (runs after the
--   other BEFORE triggers, names sort) and joins the supabase_realtime publication;
-- - functions: Postgres grants EXECUTE to PUBLIC and Supabase's default privileges grant it to anon and
--   authenticated. Revoke both everywhere, then grant authenticated the API functions, and anon only
--   the ones meant for visitors (the pure level/streak rules, get_daily_challenge, get_public_profile).

do $$
declare
  t record;
begin
  for t in
    select c.relname from pg_catalog.pg_class c
    join pg_catalog.pg_namespace n on n.oid = c.relnamespace
    join pg_catalog.pg_attribute a on a.attrelid = c.oid and a.attname = '_modified' and not a.attisdropped
    where n.nspname = 'public' and c.relkind = 'r'
    order by c.relname
  loop
    execute format('create trigger zz_touch_modified before insert or update on public.%I
                    for each row execute function private.touch_modified()', t.relname);
    execute format('alter publication supabase_realtime add table public.%I', t.relname);
  end loop;
end
$$;

revoke execute on all functions in schema private from public, anon;
revoke execute on all functions in schema public from public, anon;
grant execute on all functions in schema public to authenticated, service_role;
grant execute on function public.xp_needed_for_level(int), public.total_xp_for_level(int),
  public.level_progress(bigint), public.level_from_total_xp(bigint), public.compute_streaks(date[], date),
  public.get_daily_challenge(date), public.get_public_profile(text, uuid) to anon;

comment on function public.get_public_profile(text, uuid) is
  'anon-intended: visitors open /u/{slug} and /p/{id}; returns display columns of profiles the viewer may see.';
