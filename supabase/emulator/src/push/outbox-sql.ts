/**
 * The emulator's stand-in for a hosted "database webhook" on notifications: an AFTER INSERT trigger
 * on public.notifications writes the new row's id to `emulator_push.outbox` and NOTIFYs
 * `emulator_push`; the push sender drains the outbox. Installed at start, idempotently, in its own
 * schema (no grants to the API roles), so the project's migrations stay exactly what hosted Supabase
 * runs. A row queued while the emulator was down (PostgreSQL) is sent on the next start.
 */

export const PUSH_CHANNEL = 'emulator_push';

export const OUTBOX_SQL = `
create schema if not exists emulator_push;
revoke all on schema emulator_push from public;

create table if not exists emulator_push.outbox (
  id bigserial primary key,
  notification_id text not null,
  queued_at timestamptz not null default clock_timestamp()
);

create or replace function emulator_push.enqueue() returns trigger
language plpgsql security definer set search_path = '' as $fn$
begin
  insert into emulator_push.outbox (notification_id) values (new.id);
  perform pg_notify('${PUSH_CHANNEL}', '');
  return null;
end
$fn$;
revoke execute on function emulator_push.enqueue() from public;

drop trigger if exists emulator_push_enqueue on public.notifications;
create trigger emulator_push_enqueue after insert on public.notifications
  for each row execute function emulator_push.enqueue();
`;
