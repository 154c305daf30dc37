/**
 * Where the inbox keeps messages: `emulator.messages`, a table in a private schema that the API
 * roles cannot reach (PostgREST exposes only `public`; no grants are given here), so mails and codes
 * survive restarts with the rest of the data.
 */
import type { StoredMessage } from '../context';
import type { Queryable } from '../db/engine';

export const INBOX_SCHEMA_SQL = `
create schema if not exists emulator;
revoke all on schema emulator from public;
create table if not exists emulator.messages (
  id uuid primary key default gen_random_uuid(),
  channel text not null default 'email' check (channel in ('email', 'sms')),
  recipient text not null,
  subject text not null,
  body_text text not null,
  body_html text not null,
  links jsonb not null default '[]'::jsonb,
  created_at timestamptz not null default clock_timestamp()
);
create index if not exists messages_recipient_idx on emulator.messages (lower(recipient), created_at desc);
`;

export interface MessageRow {
  id: string;
  channel: 'email' | 'sms';
  recipient: string;
  subject: string;
  body_text: string;
  body_html: string;
  links: string[];
  created_at: string;
}

export function toStored(row: MessageRow): StoredMessage {
  return {
    id: row.id,
    to: row.recipient,
    subject: row.subject,
    text: row.body_text,
    html: row.body_html,
    links: row.links,
    channel: row.channel,
    created_at: row.created_at,
  };
}

const COLUMNS = `id, channel, recipient, subject, body_text, body_html, links,
  to_char(created_at at time zone 'utc', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as created_at`;

export async function listMessages(
  q: Queryable,
  filter: { to?: string | undefined; limit?: number } = {},
): Promise<StoredMessage[]> {
  const { rows } = await q.query<MessageRow>(
    `select ${COLUMNS} from emulator.messages
      where ($1::text is null or lower(recipient) = lower($1))
      order by created_at desc, id desc limit $2`,
    [filter.to ?? null, filter.limit ?? 500],
  );
  return rows.map(toStored);
}

export async function getMessage(q: Queryable, id: string): Promise<StoredMessage | null> {
  if (!/^[0-9a-f-]{36}$/i.test(id)) return null;
  const { rows } = await q.query<MessageRow>(`select ${COLUMNS} from emulator.messages where id = $1`, [id]);
  return rows[0] ? toStored(rows[0]) : null;
}

export async function insertMessage(
  q: Queryable,
  message: {
    to: string;
    subject: string;
    text: string;
    html: string;
    channel: 'email' | 'sms';
    links: string[];
  },
): Promise<StoredMessage> {
  const { rows } = await q.query<MessageRow>(
    `insert into emulator.messages (channel, recipient, subject, body_text, body_html, links)
     values ($1, $2, $3, $4, $5, $6::jsonb) returning ${COLUMNS}`,
    [message.channel, message.to, message.subject, message.text, message.html, JSON.stringify(message.links)],
  );
  const row = rows[0];
  if (!row) throw new Error('inbox insert returned no row');
  return toStored(row);
}

export async function clearMessages(q: Queryable, to?: string): Promise<number> {
  const { rowCount } = await q.query(
    `delete from emulator.messages where $1::text is null or lower(recipient) = lower($1)`,
    [to ?? null],
  );
  return rowCount;
}
