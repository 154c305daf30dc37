/**
 * Broadcast from the database: delivers the rows inserted into `realtime.messages` (`realtime.send`,
 * `realtime.broadcast_changes`, or a direct insert) to the channels joined on their topic, private
 * messages to private channels and public ones to public channels, as hosted Realtime does from its
 * replication of that table. The capture is the statement trigger in capture-sql.ts: after commit, one
 * NOTIFY per 150 rows of a statement, `<inserted_at>|<id>,<id>,…`. The feed reads those rows back in
 * the order the notifications came (commit order) and hands them to the hub, which encodes each message
 * once per protocol version for every device on the topic.
 */
import type { Engine } from '../db/engine';
import { storedMessage, type StoredMessage, type StoredRow } from './authorization';
import { MESSAGES_CHANNEL } from './capture-sql';

const FLUSH_PREFIX = 'flush:';
const FLUSH_WAIT_MS = 10_000;
/** Notifications read back at once (each its own query). */
const PARALLEL_READS = 8;

export class MessageFeed {
  private readonly pending: string[] = [];
  private draining: Promise<void> | null = null;
  private closed = false;
  private unlisten: (() => Promise<void>) | null = null;
  private flushes = 0;
  private readonly flushWaiters = new Map<string, () => void>();

  constructor(
    private readonly engine: Engine,
    private readonly deliver: (messages: StoredMessage[]) => void,
    private readonly log: (line: string) => void,
  ) {}

  async start(): Promise<void> {
    this.unlisten = await this.engine.listen(MESSAGES_CHANNEL, (payload) => this.onNotification(payload));
  }

  async close(): Promise<void> {
    this.closed = true;
    await this.draining;
    await this.unlisten?.().catch(() => undefined);
    for (const done of this.flushWaiters.values()) done();
    this.flushWaiters.clear();
  }

  /**
   * Resolves once every message committed so far has been delivered (tests, benchmarks): a marker
   * NOTIFY sent now arrives after every earlier commit's notifications.
   */
  async flush(): Promise<void> {
    if (this.closed) return;
    const marker = `${FLUSH_PREFIX}${++this.flushes}`;
    const arrived = new Promise<void>((resolve) => this.flushWaiters.set(marker, resolve));
    await this.engine.query('select pg_notify($1, $2)', [MESSAGES_CHANNEL, marker]);
    // Bounded: a listener that lost its connection must not hang a test.
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([
      arrived,
      new Promise<void>((resolve) => (timer = setTimeout(resolve, FLUSH_WAIT_MS))),
    ]);
    clearTimeout(timer);
    this.flushWaiters.delete(marker);
    while (this.draining) await this.draining;
  }

  private onNotification(payload: string): void {
    if (this.closed) return;
    if (payload.startsWith(FLUSH_PREFIX)) {
      // Queued behind the notifications before it, so it resolves once they are delivered.
      this.pending.push(payload);
    } else if (payload.includes('|')) {
      this.pending.push(payload);
    } else {
      return;
    }
    this.draining ??= this.run().finally(() => {
      this.draining = null;
    });
  }

  private async run(): Promise<void> {
    while (this.pending.length > 0 && !this.closed) {
      // The notifications up to the next flush marker, read back a few at a time in parallel (on a
      // PostgreSQL pool; PGlite serialises them) and delivered in their order. One query per
      // notification keeps each an index lookup of at most 150 ids.
      const batch: string[] = [];
      while (this.pending.length > 0 && batch.length < PARALLEL_READS) {
        const next = this.pending[0] as string;
        if (next.startsWith(FLUSH_PREFIX)) {
          if (batch.length > 0) break;
          this.pending.shift();
          this.flushWaiters.get(next)?.();
          this.flushWaiters.delete(next);
          continue;
        }
        this.pending.shift();
        batch.push(next);
      }
      if (batch.length === 0) continue;
      const reads = batch.map((notification) => this.read(notification));
      for (const read of reads) {
        try {
          const messages = await read;
          if (messages.length > 0 && !this.closed) this.deliver(messages);
        } catch (error) {
          if (!this.closed) this.log(`realtime: broadcast delivery failed: ${(error as Error).message}`);
        }
      }
    }
  }

  private async read(notification: string): Promise<StoredMessage[]> {
    const bar = notification.indexOf('|');
    const ids = notification.slice(bar + 1).split(',');
    const { rows } = await this.engine.query<StoredRow>(
      `select id::text as id, topic, event, private, payload::text as payload, binary_payload
       from realtime.messages where inserted_at = $1::timestamp and id = any($2::uuid[])`,
      [notification.slice(0, bar), ids],
    );
    const byId = new Map(rows.map((row) => [row.id, row]));
    const messages: StoredMessage[] = [];
    for (const id of ids) {
      const row = byId.get(id);
      if (row) messages.push(storedMessage(row));
    }
    return messages;
  }
}
