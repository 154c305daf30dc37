-- The send-push trigger (20261127030000) called the Edge Function for every new notification. Most users
-- never switch push on: each of those calls was a paid function invocation (and a Deno start in the
-- emulator) that ended in "nothing to send". Now the trigger asks only for users with push on and at least
-- one live subscription; the function still checks both itself (the trigger is not its guard).
create or replace function private.send_push_for_notification() returns trigger
language plpgsql security definer set search_path = ''
as $$
declare
  v_url text;
  v_secret text;
begin
  if not exists (
    select 1
      from public.user_settings s
      join public.push_subscriptions p on p.user_id = s.user_id and not p._deleted
     where s.user_id = new.user_id and s.push_enabled and not s._deleted
  ) then
    return null;
  end if;
  if to_regclass('vault.decrypted_secrets') is null or not exists (
    select 1 from pg_catalog.pg_proc p join pg_catalog.pg_namespace s on s.oid = p.pronamespace
    where s.nspname = 'net' and p.proname = 'http_post'
  ) then
    return null;
  end if;
  execute $sql$
    select (select decrypted_secret from vault.decrypted_secrets where name = 'send_push_url' limit 1),
           (select decrypted_secret from vault.decrypted_secrets where name = 'send_push_secret' limit 1)
  $sql$ into v_url, v_secret;
  if v_url is null or v_url = '' or v_secret is null or v_secret = '' then
    return null;
  end if;
  execute $sql$
    select net.http_post(
      url := $1,
      body := $2,
      headers := $3,
      timeout_milliseconds := 10000
    )
  $sql$
  using v_url,
        pg_catalog.jsonb_build_object('notification_id', new.id),
        pg_catalog.jsonb_build_object('Content-Type', 'application/json', 'Authorization', 'Bearer ' || v_secret);
  return null;
end
$$;
revoke execute on function private.send_push_for_notification() from public, anon, authenticated;
