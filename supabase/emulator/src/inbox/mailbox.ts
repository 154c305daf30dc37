/** Placeholder mailbox kept in memory until the inbox service lands. */
import { randomUUID } from 'node:crypto';
import type { Mailbox, StoredMessage } from '../context';
import type { Engine } from '../db/engine';

export async function createMailbox(_engine: Engine, log: (line: string) => void): Promise<Mailbox> {
  const messages: StoredMessage[] = [];
  return {
    async send(message) {
      const stored: StoredMessage = {
        ...message,
        id: randomUUID(),
        links: [...message.text.matchAll(/https?:\/\/\S+/g)].map((m) => m[0]),
        created_at: new Date().toISOString(),
      };
      messages.unshift(stored);
      log(`mail to ${message.to}: ${message.subject}`);
      return stored;
    },
    async list(filter) {
      return messages.filter((m) => !filter?.to || m.to === filter.to);
    },
  };
}
