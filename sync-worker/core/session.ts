/**
 * One signed-in user's sync: the replications of every open collection, the realtime channel, the
 * counts for the badges, the periodic resync and the status; in the leader also the intent sender, the
 * local documents and friends' profiles (leader-services.ts). Owns the supabase-js client it is given
 * (its realtime socket) and the timers it starts; `stop()` releases all of them. Runs in the sync worker
 * and, for tests, in-process (worker_threads do not share fake-indexeddb).
 *
 * Replication starts at once but RxDB holds it until this instance is the elected leader; the realtime
 * channel and the 60-second resync start only then, so one worker across all tabs talks to the server.
 */
import type { DatabaseClient } from '../../src/db/database';
import { addRxPlugin } from 'rxdb';
import { RxDBLeaderElectionPlugin } from 'rxdb/plugins/leader-election';
import type { Subscription } from 'rxjs';
import { modifyLocal } from '../../src/db/local-doc';
import {
  emptySyncMeta,
  hasCompletedSync,
  SYNC_META_ID,
  updateSyncMeta,
  type SyncMeta,
} from '../../src/db/local-state';
import type { CollectionName } from '../../src/db/schemas';
import type { SpotterDatabase } from '../../src/db/types';
import { queryCounts, type BadgeCounts } from '../realtime/counts';
import { EchoPulls } from '../realtime/echoes';
import { RealtimeSupervisor, type SupervisorLogger, type SupervisorState } from '../realtime/supervisor';
import { fromSupabase } from '../realtime/types';
import { pullAfterPushes } from '../intents/follow-up-pull';
import type { QueueOutcomeSource } from '../intents/queue-outcomes';
import { collectionSync } from './collections';
import { FirstScreenLane } from './first-screen-lane';
import { firstScreenRequests } from './first-screen-rows';
import { SyncError, toWriteError } from './errors';
import type { SyncGate } from './gate';
import { LeaderServices } from './leader-services';
import { localData$ } from '../../src/db/local-doc';
import type { LoadMoreResult, LocalDocs } from './local-docs';
import {
  replicateCollection,
  type CollectionReplication,
  type ReplicationHooks,
} from './replicate-collection';
import { schemaFields } from './rows';

addRxPlugin(RxDBLeaderElectionPlugin);

export const RESYNC_INTERVAL_MS = 60_000;
/** Badge counts re-query this long after a realtime change (see refreshCountsSoon). */
export const COUNTS_AFTER_CHANGE_MS = 1_000;
/** Local document with the leader's badge counts, so every tab's worker reports them. */
export const BADGE_COUNTS_ID = 'sync_badge_counts';

export interface SessionStatus {
  userId: string;
  leader: boolean;
  online: boolean;
  /** No token, or the server refused the current one: the page should hand over a fresh one. */
  needsToken: boolean;
  realtime: SupervisorState;
  lastSyncedAt: string | null;
  lastError: { code: string; message: string; at: string } | null;
  counts: BadgeCounts | null;
}

export interface SyncSessionOptions {
  db: SpotterDatabase;
  client: DatabaseClient;
  /** The gate whose token the client's `accessToken` callback reads. */
  gate: SyncGate;
  userId: string;
  /** Distinguishes backends (checkpoints are per backend). */
  backendId: string;
  resyncIntervalMs?: number;
  retryTime?: number;
  pullBatchSize?: number;
  realtime?: boolean;
  log?: SupervisorLogger;
  now?: () => Date;
  onStatus?: (status: SessionStatus) => void;
  /** The service worker's write queue, to settle intents it answered "queued" (queue-outcomes.ts). */
  queue?: QueueOutcomeSource;
  /** First back-off of an intent answered 408/429/5xx (default 1 s, doubling to 30 s). */
  intentRetryBaseMs?: number;
  /** The jitter of the intents' back-off (Math.random; tests pass a seeded source). */
  random?: () => number;
}

export class SyncSession {
  readonly gate: SyncGate;
  readonly replications: CollectionReplication[] = [];
  private readonly supervisor: RealtimeSupervisor | null;
  private readonly caughtUpAt = new Map<string, number>();
  private resyncTimer: ReturnType<typeof setInterval> | null = null;
  private leader = false;
  private stopped = false;
  private lastSyncedAt: string | null = null;
  private lastError: SessionStatus['lastError'] = null;
  private counts: BadgeCounts | null = null;
  private countsInFlight: Promise<void> | null = null;
  private countsAgain = false;
  private countsTimer: ReturnType<typeof setTimeout> | null = null;
  private readonly echoes = new EchoPulls();
  private readonly now: () => Date;
  private readonly unsubscribeGate: () => void;
  private readonly subscriptions: Subscription[] = [];
  /** Between the workers of one database (tabs): a non-leader's syncNow runs in the leader. */
  private channel: BroadcastChannel | null = null;
  private readonly hooks: ReplicationHooks;
  /** Leader only: intents, local documents, friends' profiles (leader-services.ts). */
  private readonly services: LeaderServices;
  /** A new leader's first requests: the first screen's ahead of the rest (first-screen-lane.ts). */
  private readonly lane: FirstScreenLane;

  constructor(private readonly options: SyncSessionOptions) {
    this.gate = options.gate;
    this.now = options.now ?? (() => new Date());
    this.lane = new FirstScreenLane(
      firstScreenRequests(Object.keys(options.db.collections) as CollectionName[], this.now()),
    );
    this.unsubscribeGate = this.gate.onChange(() => this.emit());
    this.supervisor =
      options.realtime === false
        ? null
        : new RealtimeSupervisor({
            client: fromSupabase(options.client),
            ...(options.log ? { log: options.log } : {}),
            // What changed while the channel was away; after the first screen's requests.
            onSubscribed: () => {
              void this.lane.history().then(() => {
                if (this.stopped) return;
                this.resync();
                this.refreshCounts();
              });
            },
            onState: () => this.emit(),
            // Tables this session does not replicate (feed, challenge, profile details): their re-reads
            // ride along with the next row delivery instead of delaying it (realtime/supervisor.ts).
            isLazy: (key) => !(key.table in options.db.collections),
          });
    this.hooks = {
      now: this.now,
      caughtUp: (n, at) => this.onCaughtUp(n, at),
      failed: (n, e) => this.onFailed(n, e),
      succeeded: () => undefined,
    };
    this.services = new LeaderServices({
      db: options.db,
      client: options.client,
      gate: this.gate,
      userId: options.userId,
      backendId: options.backendId,
      retryTime: options.retryTime ?? 5_000,
      now: this.now,
      hooks: this.hooks,
      supervisor: this.supervisor,
      lane: this.lane,
      ...(options.queue ? { queue: options.queue } : {}),
      ...(options.intentRetryBaseMs ? { intentRetryBaseMs: options.intentRetryBaseMs } : {}),
      ...(options.random ? { random: options.random } : {}),
      resync: (names) => this.resync(names),
      onError: (source, error) => this.onFailed(source, error),
    });
  }

  /** feed_window, daily_challenge, profile_details (tests wait on `idle()`). */
  get localDocs(): LocalDocs {
    return this.services.localDocs;
  }

  get userId(): string {
    return this.options.userId;
  }

  start(): void {
    const { db, userId } = this.options;
    const names = Object.keys(db.collections) as CollectionName[];
    // Before the handlers: a user change drops the old user's handlers with the old channel.
    this.supervisor?.setUser(userId);
    const { hooks } = this;
    // Read once, while the collections' replications set up: whether the first screen's requests may go
    // without looking into each collection first (replicate-collection.ts).
    const neverSynced = hasCompletedSync(db).then(
      (synced) => !synced,
      () => false,
    );
    for (const name of names) {
      const sync = collectionSync(name, userId);
      const replication = replicateCollection({
        db,
        client: this.options.client,
        gate: this.gate,
        userId,
        sync,
        identifier: `${this.options.backendId}|${name}|v1`,
        retryTime: this.options.retryTime ?? 5_000,
        ...(this.options.pullBatchSize ? { pullBatchSize: this.options.pullBatchSize } : {}),
        hooks,
        lane: this.lane,
        neverSynced,
      });
      this.replications.push(replication);
      if (this.supervisor) {
        const collection = db.collections[name];
        const fields = schemaFields(collection);
        // What this database holds lately (the page's writes arrive here too): echoes are told by it.
        this.subscriptions.push(
          collection.eventBulks$.subscribe((bulk) => {
            for (const e of bulk.events)
              this.echoes.remember(name, e.documentData as Record<string, unknown>);
          }),
        );
        for (const key of sync.realtime) {
          this.supervisor.on(key, (payload, delivery) => {
            // A message from the server proves the network is back: let held requests go.
            this.gate.nudge();
            if (payload.eventType !== 'DELETE') {
              // The echo of this device's own push: its pull waits a moment (realtime/echoes.ts).
              if (this.echoes.isEcho(name, fields, payload.new, delivery.coalesced)) {
                this.echoes.pullLater(name, () => replication.resync());
              } else if (delivery.coalesced === 1) replication.emitRow(payload.new);
              // A burst: the payload is only its latest row, the pull brings the others too.
              else replication.resync();
            }
            this.refreshCountsSoon();
            this.services.onCollectionChange(name);
          });
        }
      }
    }
    this.services.bindRealtime();
    // Acknowledged workout pushes: pull the server's xp and streaks at once (intents/follow-up-pull.ts),
    // unless the realtime channel is joined: the award's rows then arrive as changes and are pulled.
    this.subscriptions.push(
      pullAfterPushes(this.replications, (names) => this.resync(names), {
        skip: () => this.supervisor?.state === 'subscribed',
      }),
    );
    // Every instance reports what the leader writes: last sync, last error, badge counts.
    this.subscriptions.push(
      localData$<SyncMeta>(db, SYNC_META_ID).subscribe((stored) => {
        const meta = stored ?? emptySyncMeta();
        if (
          meta.last_synced_at !== null &&
          (this.lastSyncedAt === null || meta.last_synced_at > this.lastSyncedAt)
        ) {
          this.lastSyncedAt = meta.last_synced_at;
        }
        this.lastError = meta.last_error;
        this.emit();
      }),
      localData$<BadgeCounts>(db, BADGE_COUNTS_ID).subscribe((counts) => {
        if (!counts) return;
        this.counts = counts;
        this.emit();
      }),
    );
    if (typeof BroadcastChannel !== 'undefined') {
      this.channel = new BroadcastChannel(`spotter-sync:${db.name}`);
      this.channel.onmessage = (event: MessageEvent) => {
        if (event.data === 'sync-now' && this.leader) this.syncNow();
      };
    }
    void db.waitForLeadership().then(() => this.onLeadership());
  }

  private onLeadership(): void {
    if (this.stopped) return;
    this.leader = true;
    this.lane.start();
    this.services.start();
    this.supervisor?.start();
    this.resyncTimer = setInterval(() => {
      // Only when the device is online: offline, the timer would just queue copies of a push.
      if (globalThis.navigator?.onLine !== false) this.syncNow();
    }, this.options.resyncIntervalMs ?? RESYNC_INTERVAL_MS);
    this.emit();
  }

  /**
   * RESYNC every collection (or the given ones): pull from the checkpoint; pushes pending writes as
   * well. A full resync also refreshes the local documents and looks at the intent ledger again.
   */
  resync(only?: ReadonlySet<CollectionName>): void {
    for (const r of this.replications) if (!only || only.has(r.sync.name)) r.resync();
    if (this.leader && !this.stopped) this.services.resync(only);
  }

  /** Appends the next older get_feed page to `feed_window` (the home screen's load-more). */
  loadMoreFeed(limit?: number): Promise<LoadMoreResult> {
    return this.services.loadMoreFeed(limit);
  }

  /** The user's "sync now", the focus refresh and the timer: retry held requests and the channel. */
  syncNow(): void {
    if (this.stopped) return;
    if (!this.leader) this.channel?.postMessage('sync-now');
    this.gate.nudge();
    if (this.leader) this.services.nudge();
    if (this.leader && this.supervisor && this.supervisor.state === 'stopped') this.supervisor.restart();
    this.resync();
  }

  setAccessToken(token: string | null): void {
    const changed = token !== this.gate.token;
    this.gate.setToken(token);
    if (!changed || token === null || this.stopped) return;
    // The realtime client reads the token through the accessToken callback.
    this.options.client.realtime.setAuth().catch(() => undefined);
    this.syncNow();
  }

  setOnline(online: boolean): void {
    this.gate.setOnline(online);
    if (!this.leader || this.stopped) return;
    if (online) {
      this.supervisor?.restart();
      this.services.nudge();
      this.resync();
    } else {
      this.supervisor?.stop();
    }
  }

  /** Every open collection in sync with the server (tests; the page uses the status). */
  async awaitInSync(): Promise<void> {
    await Promise.all(this.replications.map((r) => r.state.awaitInSync()));
    await this.services.awaitInSync();
  }

  status(): SessionStatus {
    return {
      userId: this.options.userId,
      leader: this.leader,
      online: globalThis.navigator?.onLine ?? true,
      needsToken: this.gate.needsToken,
      realtime: this.supervisor?.state ?? 'idle',
      lastSyncedAt: this.lastSyncedAt,
      lastError: this.lastError,
      counts: this.counts,
    };
  }

  async stop(): Promise<void> {
    if (this.stopped) return;
    this.stopped = true;
    if (this.resyncTimer !== null) clearInterval(this.resyncTimer);
    if (this.countsTimer !== null) clearTimeout(this.countsTimer);
    this.echoes.stop();
    this.supervisor?.stop();
    this.gate.close();
    // Nothing waits for the first screen any more (a waiting first page would hold RxDB's cancel).
    this.lane.openNow();
    this.unsubscribeGate();
    for (const sub of this.subscriptions) sub.unsubscribe();
    this.channel?.close();
    await this.services.stop();
    await Promise.all(this.replications.map((r) => r.state.cancel()));
    await this.options.client.removeAllChannels();
  }

  private onCaughtUp(name: string, startedAt: number): void {
    const before = this.caughtUpAt.size;
    this.caughtUpAt.set(name, startedAt);
    const total = this.replications.length;
    if (this.caughtUpAt.size < total) {
      // A device that never finished a sync shows how far its first pull got (the panel, the home badge).
      if (this.lastSyncedAt === null && this.caughtUpAt.size > before)
        this.writeMeta({ first_pull: { done: this.caughtUpAt.size, total } });
      return;
    }
    const oldest = Math.min(...this.caughtUpAt.values());
    const at = new Date(oldest).toISOString();
    if (this.lastSyncedAt !== null && at <= this.lastSyncedAt) return;
    this.lastSyncedAt = at;
    this.lastError = null;
    this.writeMeta({ last_synced_at: at, last_error: null, first_pull: null });
  }

  private onFailed(_name: string, error: unknown): void {
    // Offline and queued are expected states, shown as such by the status; not errors to surface.
    if (error instanceof SyncError && (error.kind === 'offline' || error.kind === 'queued')) return;
    this.lastError = toWriteError(error, this.now());
    this.writeMeta({ last_error: this.lastError });
  }

  private writeMeta(patch: Parameters<typeof updateSyncMeta>[1]): void {
    if (this.stopped || this.options.db.closed) return;
    updateSyncMeta(this.options.db, patch).then(
      () => this.emit(),
      () => undefined,
    );
  }

  /**
   * The counts after realtime changes: one re-query `COUNTS_AFTER_CHANGE_MS` after the first change,
   * covering every change until then. Queried at once, the two count requests went to the server
   * ahead of the pull the change started, on every device of the user, for every change (bench sync:
   * the cross-device tail); a badge a second later is no loss.
   */
  private refreshCountsSoon(): void {
    if (this.countsTimer !== null || this.stopped) return;
    this.countsTimer = setTimeout(() => {
      this.countsTimer = null;
      this.refreshCounts();
    }, COUNTS_AFTER_CHANGE_MS);
  }

  /** Re-queries the badge counts; calls during a query coalesce into one more. */
  refreshCounts(): void {
    if (this.stopped || !this.leader) return;
    if (this.countsInFlight) {
      this.countsAgain = true;
      return;
    }
    this.countsInFlight = (async () => {
      do {
        this.countsAgain = false;
        if (!this.gate.isOpen) break;
        const counts = await queryCounts(this.options.client, this.options.userId);
        if (counts && !this.stopped && !this.options.db.closed) {
          this.counts = counts;
          await modifyLocal(
            this.options.db,
            BADGE_COUNTS_ID,
            () => counts,
            () => counts,
          ).catch(() => undefined);
        }
      } while (this.countsAgain && !this.stopped);
    })().finally(() => {
      this.countsInFlight = null;
      this.emit();
    });
  }

  private emit(): void {
    this.options.onStatus?.(this.status());
  }
}
