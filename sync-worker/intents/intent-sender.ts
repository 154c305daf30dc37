/**
 * The intent sender: runs in the leader's SyncSession and sends the pending-writes ledger's `intent`
 * entries (src/db/pending-writes.ts) to the server, one at a time in `seq` order, through the session's
 * gate and supabase-js client (so through the page's service worker), then settles each:
 * - 2xx: `applied`; the affected collections are pulled at once (server-computed XP, level, streak);
 * - network error / 401: `retry`, and the gate holds (offline: until a nudge) or refuses the token
 *   (until the page hands over another); the entry is sent again when the gate opens;
 * - 408, 429, 5xx: `retry` after a back-off (1 s doubling to 30 s, with jitter; a nudge cuts it short);
 *   a Retry-After on a 429/503 pauses the gate (client.ts), so the next send waits for it as well;
 * - another 4xx: `refused` (the ledger rolls the local change back and keeps the failure);
 * - 202 from the service worker's queue: `markIntentQueued` and never sent again by us; settled from
 *   the queue's own database (queue-outcomes.ts) or by a pull that brings the server row.
 * Server RPCs are idempotent, so a service-worker replay plus a retry of ours applies once.
 * An applied intent (and an acknowledged push) stays in the ledger as settling until the pulled data
 * shows it; the settling watcher it runs (settling-watcher.ts) removes it then.
 * Owns its ledger subscription, back-off timer and settling watcher; `stop()` releases them.
 */
import type { DatabaseClient } from '../../src/db/database';
import type { Subscription } from 'rxjs';
import type { RandomSource } from '../../src/domain/backoff';
import {
  markIntentQueued,
  pendingEntries,
  readPending,
  settleIntent,
  type PendingEntry,
} from '../../src/db/pending-writes';
import { CoalescedPasses } from '../core/coalesced-passes';
import { RetryBackoff } from '../core/retry-backoff';
import { ledger$ } from '../core/local-doc-stream';
import type { SpotterDatabase } from '../../src/db/types';
import type { SyncGate } from '../core/gate';
import type { QueueOutcomeSource } from './queue-outcomes';
import { sendIntent } from './send-intent';
import { SettlingWatcher } from './settling-watcher';

export interface IntentSenderOptions {
  db: SpotterDatabase;
  client: DatabaseClient;
  gate: SyncGate;
  now: () => Date;
  /** The service worker's queue, to settle intents it answered "queued". */
  queue?: QueueOutcomeSource;
  /** Intents were applied or refused: pull what they changed. */
  onSettled(settled: readonly SettledIntent[]): void;
  onError?(error: unknown): void;
  baseDelayMs?: number;
  maxDelayMs?: number;
  /** The back-off's jitter (Math.random; tests pass a seeded source). */
  random?: RandomSource;
}

export interface SettledIntent {
  entry: PendingEntry;
  status: 'applied' | 'refused';
}

export class IntentSender {
  private stopped = true;
  private subscription: Subscription | null = null;
  private readonly backoff: RetryBackoff;
  /** One sending pass at a time; ledger changes during a pass ask for one more. */
  private readonly passes = new CoalescedPasses(
    () => this.sendAll(),
    () => !this.stopped,
    // The gate closed (session stopped) or the database went away: nothing to report.
    (error) => {
      if (!this.options.db.closed) this.options.onError?.(error);
    },
  );
  /** Clears acknowledged writes once the pulled data shows them (pushes and intents alike). */
  readonly settling: SettlingWatcher;

  constructor(private readonly options: IntentSenderOptions) {
    this.backoff = new RetryBackoff(
      { baseMs: options.baseDelayMs, maxMs: options.maxDelayMs },
      options.random,
    );
    this.settling = new SettlingWatcher({
      db: options.db,
      now: options.now,
      onError: (error) => options.onError?.(error),
    });
  }

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.settling.start();
    // Every ledger change (a new intent from either realm) starts a pass; passes coalesce.
    this.subscription = ledger$(this.options.db).subscribe(() => this.kick());
  }

  /** Looks at the ledger now (a back-off wait in progress continues). */
  kick(): void {
    this.passes.kick();
  }

  /** syncNow, online, a new token: end a back-off early and look at the ledger. */
  nudge(): void {
    this.backoff.wake();
    this.kick();
  }

  /** Resolves after the pass that is running (if any) ends. */
  idle(): Promise<void> {
    return this.passes.idle();
  }

  stop(): void {
    this.stopped = true;
    this.subscription?.unsubscribe();
    this.subscription = null;
    this.settling.stop();
    this.backoff.wake();
  }

  private async sendAll(): Promise<void> {
    const { db, gate } = this.options;
    const settled: SettledIntent[] = [];
    try {
      await this.settleQueued(settled);
      for (;;) {
        if (this.stopped || db.closed) return;
        if (!(await this.nextIntent())) return;
        // Read the entry after the wait: it may have been replaced by a newer write or settled meanwhile.
        await gate.wait();
        if (this.stopped || db.closed) return;
        const next = await this.nextIntent();
        if (!next?.request) return;
        const token = gate.token;
        const answer = await sendIntent(this.options.client, next.request);
        if (this.stopped || db.closed) return;
        const now = this.options.now();
        switch (answer.kind) {
          case 'applied':
            this.backoff.succeeded();
            await settleIntent(db, next.key, next.seq, { status: 'applied' }, now);
            settled.push({ entry: next, status: 'applied' });
            break;
          case 'refused':
            this.backoff.succeeded();
            await settleIntent(db, next.key, next.seq, { status: 'refused', ...answer }, now);
            settled.push({ entry: next, status: 'refused' });
            break;
          case 'queued':
            // The service worker holds it now and replays it; sending it again would only queue a copy.
            await markIntentQueued(db, next.key, next.seq, answer.queueId);
            gate.hold('queued');
            break;
          case 'retry': {
            const { error } = answer;
            await settleIntent(db, next.key, next.seq, retryOf(error.code, error.message), now);
            if (!gate.holdFor(error, token)) await this.backoff.wait();
            this.options.onError?.(error);
            break;
          }
        }
      }
    } finally {
      if (settled.length > 0 && !this.stopped) this.options.onSettled(settled);
    }
  }

  private async nextIntent(): Promise<PendingEntry | undefined> {
    return pendingEntries(await readPending(this.options.db)).find(
      (e) => e.kind === 'intent' && e.request !== null && e.queue_id === null,
    );
  }

  /** Intents the service worker queued: settle those whose outcome its queue database knows. */
  private async settleQueued(settled: SettledIntent[]): Promise<void> {
    const { db, queue } = this.options;
    if (!queue) return;
    const queued = pendingEntries(await readPending(db)).filter((e) => e.queue_id !== null);
    if (queued.length === 0) return;
    const states = await queue.lookup(queued.map((e) => e.queue_id!));
    for (const entry of queued) {
      const state = states.get(entry.queue_id!);
      if (!state || state.state === 'waiting') continue;
      const outcome =
        state.state === 'applied'
          ? ({ status: 'applied' } as const)
          : ({ status: 'refused', code: state.code, message: state.message } as const);
      await settleIntent(db, entry.key, entry.seq, outcome, this.options.now());
      if (state.state === 'refused') await queue.dismiss(entry.queue_id!).catch(() => undefined);
      settled.push({ entry, status: outcome.status });
    }
  }
}

const retryOf = (code: string, message: string) => ({ status: 'retry' as const, code, message });
