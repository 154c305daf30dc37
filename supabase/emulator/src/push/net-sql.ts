/**
 * The emulator's stand-ins for what the send-push trigger (migration 20261127030000) calls on hosted
 * Supabase: pg_net's `net.http_post(url, body, params, headers, timeout_milliseconds)`, which here records
 * the request in `net.emulator_requests` and NOTIFYs `emulator_net` (the emulator POSTs it), and
 * supabase_vault's `vault.decrypted_secrets` with the function's URL and secret. Installed at every start,
 * each only when the real extension is absent; neither schema is reachable by the API roles.
 */
import type { Queryable } from '../db/engine';

export const NET_CHANNEL = 'emulator_net';

const NET_SQL = `
create schema if not exists net;
revoke all on schema net from public;
create table if not exists net.emulator_requests (
  id bigserial primary key,
  url text not null,
  body jsonb,
  headers jsonb not null default '{}',
  timeout_milliseconds integer not null default 5000,
  queued_at timestamptz not null default clock_timestamp()
);
create or replace function net.http_post(
  url text,
  body jsonb default '{}'::jsonb,
  params jsonb default '{}'::jsonb,
  headers jsonb default '{"Content-Type": "application/json"}'::jsonb,
  timeout_milliseconds integer default 5000
) returns bigint
language plpgsql security definer set search_path = '' as $fn$
declare
  v_id bigint;
begin
  insert into net.emulator_requests (url, body, headers, timeout_milliseconds)
  values (url, body, coalesce(headers, '{}'::jsonb), coalesce(timeout_milliseconds, 5000))
  returning id into v_id;
  perform pg_notify('${NET_CHANNEL}', '');
  return v_id;
end
$fn$;
revoke execute on function net.http_post(text, jsonb, jsonb, jsonb, integer) from public;
`;

const VAULT_SQL = `
create schema if not exists vault;
revoke all on schema vault from public;
create table if not exists vault.decrypted_secrets (
  name text primary key,
  decrypted_secret text not null
);
`;

export interface SendPushTarget {
  /** Where the trigger's requests go (the emulator's /functions/v1/send-push, or the function itself). */
  url: string;
  secret: string;
}

async function hasExtension(db: Queryable, name: string): Promise<boolean> {
  const { rows } = await db.query<{ ok: boolean }>(
    'select exists (select 1 from pg_catalog.pg_extension where extname = $1) as ok',
    [name],
  );
  return rows[0]?.ok === true;
}

/**
 * Installs the stand-ins (where the real extensions are absent) and writes the two secrets. Returns
 * false when the real pg_net is installed: then pg_net sends the requests and the emulator drains nothing.
 */
export async function installNetStandIn(db: Queryable, target: SendPushTarget): Promise<boolean> {
  const realNet = await hasExtension(db, 'pg_net');
  if (!realNet) await db.exec(NET_SQL);
  if (!(await hasExtension(db, 'supabase_vault'))) {
    await db.exec(VAULT_SQL);
    await db.query(`delete from vault.decrypted_secrets where name in ('send_push_url', 'send_push_secret')`);
    await db.query(
      `insert into vault.decrypted_secrets (name, decrypted_secret)
       values ('send_push_url', $1), ('send_push_secret', $2)`,
      [target.url, target.secret],
    );
  }
  return !realNet;
}
