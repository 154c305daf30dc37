/**
 * The mailbox every emulator service sends through (e-mails and SMS). It owns the `emulator` schema
 * (created here, idempotently, on start) and stores each message with the links found in it.
 */
import type { Mailbox } from '../context';
import type { Engine } from '../db/engine';
import { INBOX_SCHEMA_SQL, insertMessage, listMessages } from './store';

const decodeEntities = (value: string) =>
  value
    .replace(/&#(\d+);/g, (_, code: string) => String.fromCharCode(Number(code)))
    .replace(/&amp;/g, '&')
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>');

/** Links in href attributes first (the buttons), then bare URLs in the text, without duplicates. */
export function extractLinks(text: string, html: string): string[] {
  const found: string[] = [];
  for (const match of html.matchAll(/href\s*=\s*"([^"]+)"/gi)) {
    const url = decodeEntities(match[1] ?? '');
    if (/^https?:\/\//i.test(url)) found.push(url);
  }
  for (const match of text.matchAll(/https?:\/\/[^\s<>"')]+/g)) found.push(match[0]);
  return [...new Set(found)];
}

export async function createMailbox(engine: Engine, log: (line: string) => void): Promise<Mailbox> {
  await engine.exec(INBOX_SCHEMA_SQL);
  return {
    async send(message) {
      const stored = await insertMessage(engine, {
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html,
        channel: message.channel ?? 'email',
        links: extractLinks(message.text, message.html),
      });
      log(`${stored.channel === 'sms' ? 'sms' : 'mail'} to ${stored.to}: ${stored.subject}`);
      return stored;
    },
    list(filter) {
      return listMessages(engine, { to: filter?.to });
    },
  };
}
