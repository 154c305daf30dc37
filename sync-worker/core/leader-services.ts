/**
 * What the leader runs besides the collection replications: the intent sender, the local documents
 * (feed_window, daily_challenge, profile_details) and friends' profiles, with their realtime bindings and
 * what settled intents make it pull. Owned by one SyncSession; `stop()` releases everything it started.
 * Nothing here talks to the server before `start()` (called on leadership).
 */
import type { DatabaseClient } from '../../src/db/database';
import type { CollectionName } from '../../src/db/schemas';
import type { SpotterDatabase } from '../../src/db/types';
import { IntentSender, type SettledIntent } from '../intents/intent-sender';
import type { QueueOutcomeSource } from '../intents/queue-outcomes';
import type { RealtimeSupervisor } from '../realtime/supervisor';
import { FriendProfiles } from './friend-profiles';
import type { SyncGate } from './gate';
import type { FirstScreenLane } from './first-screen-lane';
import { effectsOf } from './intent-effects';
import { LOCAL_DOC_KINDS, LocalDocs, type LoadMoreResult, type LocalDocKind } from './local-docs';
import { RecheckRows } from './recheck-rows';
import { reconcileOwnRows } from './reconcile';
import type { ReplicationHooks } from './replicate-collection';

export interface LeaderServicesOptions {
  db: SpotterDatabase;
  client: DatabaseClient;
  gate: SyncGate;
  userId: string;
  backendId: string;
  retryTime: number;
  now: () => Date;
  hooks: ReplicationHooks;
  supervisor: RealtimeSupervisor | null;
  /** The first screen's requests ahead of the rest (first-screen-lane.ts). */
  lane: FirstScreenLane;
  queue?: QueueOutcomeSource;
  intentRetryBaseMs?: number;
  random?: () => number;
  /** Pull these collections now (the session's replications). */
  resync(names: ReadonlySet<CollectionName>): void;
  onError(source: string, error: unknown): void;
}

export class LeaderServices {
  readonly intents: IntentSender;
  readonly localDocs: LocalDocs;
  /** Rows a pull laid a pending intent over, read again once it settled. */
  readonly recheck: RecheckRows;
  private readonly friends: FriendProfiles | null;
  private offFriendsRealtime: (() => void) | null = null;
  private stopped = false;

  constructor(private readonly options: LeaderServicesOptions) {
    const { db, client, gate, userId, now } = options;
    const onError = (error: unknown) => options.onError('intents', error);
    this.intents = new IntentSender({
      db,
      client,
      gate,
      now,
      ...(options.queue ? { queue: options.queue } : {}),
      ...(options.intentRetryBaseMs ? { baseDelayMs: options.intentRetryBaseMs } : {}),
      ...(options.random ? { random: options.random } : {}),
      onSettled: (settled) => this.onSettled(settled),
      onError,
    });
    this.localDocs = new LocalDocs({ db, client, gate, userId, now, onError });
    this.recheck = new RecheckRows({
      db,
      client,
      gate,
      ...(options.intentRetryBaseMs ? { retryBaseMs: options.intentRetryBaseMs } : {}),
      onError: (error) => options.onError('recheck', error),
    });
    this.friends =
      db.collections.profiles && db.collections.friendships
        ? new FriendProfiles({
            db,
            client,
            gate,
            userId,
            backendId: options.backendId,
            retryTime: options.retryTime,
            // Not counted for lastSyncedAt (the own profile's replication is); errors reported as usual.
            hooks: { ...options.hooks, caughtUp: () => undefined },
            onFriends: (ids) => this.bindFriendsRealtime(ids),
          })
        : null;
  }

  /** Realtime handlers (after the supervisor's setUser). */
  bindRealtime(): void {
    const { userId } = this.options;
    const on = (table: string, filter: string | null, kind: LocalDocKind) =>
      this.options.supervisor?.on({ table, event: '*', ...(filter ? { filter } : {}) }, () => {
        this.options.gate.nudge();
        this.localDocs.refresh(kind);
      });
    on('daily_challenge_completions', `user_id=eq.${userId}`, 'challenge');
    on('profile_details', `id=eq.${userId}`, 'details');
    // The server sends the user's topic only what the user may see (own rows, friends' activities, flexes
    // on the user's activities); the supervisor caps deliveries at 10 per second.
    on('activities', null, 'feed');
    on('flexes', null, 'feed');
  }

  /**
   * On leadership. The feed is one of the first screen's requests (first-screen-lane.ts); friends'
   * profiles and the other local documents follow once the lane opens. The caller says `issued()`.
   */
  start(): void {
    const { lane } = this.options;
    this.intents.start();
    this.recheck.start();
    lane.track('feed', this.localDocs.refreshed('feed'));
    this.afterFirstScreen(() => {
      this.friends?.start();
      this.localDocs.refreshAll(LOCAL_DOC_KINDS.filter((kind) => kind !== 'feed'));
    });
  }

  /** A realtime change of a replicated collection. */
  onCollectionChange(name: CollectionName): void {
    // New friends or former ones change whose activities the feed shows.
    if (name === 'friendships') this.localDocs.refresh('feed');
  }

  /** A pull of these collections (all when omitted) was asked for. */
  resync(only?: ReadonlySet<CollectionName>): void {
    if (!only || only.has('profiles')) this.friends?.resync();
    if (only) {
      // A follow-up pull after awards (an accepted workout push, intents/follow-up-pull.ts): the feed
      // has the new own activity too.
      if (only.has('xp_events')) this.localDocs.refresh('feed');
      return;
    }
    this.afterFirstScreen(() => this.localDocs.refreshAll());
    // Also settles intents the service worker queued, from its queue database.
    this.intents.kick();
    this.recheck.nudge();
  }

  /** Runs `fn` once the first screen's requests are answered (at once after that). */
  private afterFirstScreen(fn: () => void): void {
    const { lane } = this.options;
    if (lane.isOpen) fn();
    else
      void lane.history().then(() => {
        if (!this.stopped) fn();
      });
  }

  /** syncNow, online, a new token: end an intent back-off early. */
  nudge(): void {
    this.intents.nudge();
    this.recheck.nudge();
  }

  loadMoreFeed(limit?: number): Promise<LoadMoreResult> {
    return this.localDocs.loadMoreFeed(limit);
  }

  async awaitInSync(): Promise<void> {
    await this.friends?.awaitInSync();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.intents.stop();
    this.recheck.stop();
    this.localDocs.stop();
    this.offFriendsRealtime?.();
    await this.friends?.stop();
  }

  private onSettled(settled: readonly SettledIntent[]): void {
    const { db, client, userId } = this.options;
    const effects = effectsOf(settled, userId);
    for (const name of effects.reconcile) {
      reconcileOwnRows(db, client, userId, name).catch((error: unknown) => this.options.onError(name, error));
    }
    this.options.resync(effects.collections);
    for (const kind of effects.localDocs) this.localDocs.refresh(kind);
  }

  /** Friends' profile cards (the server sends them to friends only): one key for the current friend set. */
  private bindFriendsRealtime(ids: readonly string[]): void {
    this.offFriendsRealtime?.();
    this.offFriendsRealtime = null;
    this.localDocs.refresh('feed');
    const { supervisor } = this.options;
    if (!supervisor || ids.length === 0) return;
    this.offFriendsRealtime = supervisor.onAll(
      [{ table: 'profiles', event: '*', filter: `id=in.(${ids.join(',')})` }],
      () => {
        this.options.gate.nudge();
        this.friends?.resync();
      },
    );
  }
}
