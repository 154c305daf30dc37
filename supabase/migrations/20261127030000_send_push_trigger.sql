-- Web Push for every new notification through the send-push Edge Function (issue 16,
-- supabase/functions/send-push): an AFTER INSERT trigger on public.notifications POSTs
-- {"notification_id": …} to the function with pg_net (asynchronous: the insert does not wait for the
-- request), authorised by a shared secret. The function's URL and that secret come from Vault, so no
-- project-specific value is in a migration:
--   select vault.create_secret('https://<ref>.supabase.co/functions/v1/send-push', 'send_push_url');
--   select vault.create_secret('<same value as the function''s SEND_PUSH_SECRET>', 'send_push_secret');
-- The same file applies unchanged where pg_net and supabase_vault do not exist (plain PostgreSQL 15,
-- PGlite): the extension is created only when it is available, and the trigger does nothing while
-- net.http_post, vault.decrypted_secrets or either secret is missing (a project without push configured
-- keeps working). The emulator provides both names itself (supabase/emulator/src/push/README.md).

do $$
begin
  if exists (select 1 from pg_catalog.pg_available_extensions where name = 'pg_net') then
    create extension if not exists pg_net;
  end if;
end
$$;

-- security definer: Vault is readable by its owner only. Dynamic SQL, so the function is created (and
-- runs) where the net and vault schemas do not exist.
create or replace function private.send_push_for_notification() returns trigger
language plpgsql security definer set search_path = ''
as $$
declare
  v_url text;
  v_secret text;
begin
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

drop trigger if exists notifications_send_push on public.notifications;
create trigger notifications_send_push
  after insert on public.notifications
  for each row execute function private.send_push_for_notification();
