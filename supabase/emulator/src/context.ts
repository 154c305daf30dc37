/**
 * What every emulator service (auth, rest, realtime, storage, inbox) shares: the database engine, the
 * keys, the resolved configuration, the mailbox, and the public URL.
 */
import type { ResolvedConfig } from './config';
import type { Engine } from './db/engine';
import type { Keys } from './keys';

export interface OutgoingMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** 'email' or 'sms' */
  channel?: 'email' | 'sms';
}

export interface StoredMessage extends OutgoingMessage {
  id: string;
  links: string[];
  created_at: string;
}

/** Where everything the emulator "sends" goes (implemented in src/inbox). */
export interface Mailbox {
  send(message: OutgoingMessage): Promise<StoredMessage>;
  list(filter?: { to?: string }): Promise<StoredMessage[]>;
}

export interface EmulatorContext {
  engine: Engine;
  keys: Keys;
  config: ResolvedConfig;
  mailbox: Mailbox;
  /** e.g. http://127.0.0.1:54321 (known once the server listens). */
  apiUrl(): string;
  log(line: string): void;
}
