/**
 * Broadcast from the database: delivers the rows inserted into `realtime.messages` (`realtime.send`,
 * `realtime.broadcast_changes`, or a direct insert) to the channels joined on their topic, private
 * messages to private channels and public ones to public channels, as hosted Realtime does from its
 * replication of that table. The capture is the statement trigger in capture-sql.ts; after each
 * commit's NOTIFY the feed deletes up to 1,000 queued rows, in insert order, and hands them to the hub,
 * which encodes each message once per protocol version for every device on the topic.
 */
import type { Engine } from '../db/engine';
import { storedMessage, type StoredMessage, type StoredRow } from './authorization';
import { MESSAGES_CHANNEL } from './capture-sql';

const BATCH = 1000;

export class MessageFeed {
  private draining: Promise<void> | null = null;
  private again = false;
  private closed = false;
  private unlisten: (() => Promise<void>) | null = null;
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly engine: Engine,
    private readonly deliver: (messages: StoredMessage[]) => void,
    private readonly log: (line: string) => void,
  ) {}

  async start(): Promise<void> {
    // Messages queued while no emulator ran had no socket to reach; hosted does not send them either.
    await this.engine.query('delete from realtime.emulator_messages');
    this.unlisten = await this.engine.listen(MESSAGES_CHANNEL, () => this.schedule());
    // A safety net for a missed NOTIFY (the queue is normally empty: one cheap query).
    this.timer = setInterval(() => this.schedule(), 2_000);
    this.timer.unref();
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.timer) clearInterval(this.timer);
    await this.draining;
    await this.unlisten?.().catch(() => undefined);
  }

  /** Resolves once everything queued so far has been delivered (tests, benchmarks). */
  async flush(): Promise<void> {
    this.schedule();
    while (this.draining) await this.draining;
  }

  schedule(): void {
    if (this.closed) return;
    if (this.draining) {
      this.again = true;
      return;
    }
    this.draining = this.run().finally(() => {
      this.draining = null;
    });
  }

  private async run(): Promise<void> {
    do {
      this.again = false;
      try {
        if (await this.drainOnce()) this.again = true;
      } catch (error) {
        if (!this.closed) this.log(`realtime: broadcast delivery failed: ${(error as Error).message}`);
      }
    } while (this.again && !this.closed);
  }

  private async drainOnce(): Promise<boolean> {
    const { rows } = await this.engine.query<StoredRow & { seq: number }>(
      `delete from realtime.emulator_messages
       where seq in (select seq from realtime.emulator_messages order by seq limit ${BATCH})
       returning seq, id::text as id, topic, event, private, payload::text as payload, binary_payload`,
    );
    if (rows.length === 0) return false;
    rows.sort((a, b) => Number(a.seq) - Number(b.seq));
    this.deliver(rows.map(storedMessage));
    return rows.length === BATCH;
  }
}
