/**
 * Friends' public profiles in the local `profiles` collection (the own row has its own replication).
 * A second pull-only replication of `profiles` restricted to the friend ids of the local `friendships`
 * collection; its identifier carries a hash of the sorted ids, so a changed friend set starts a fresh
 * pull of exactly those profiles (a checkpoint of the old set would skip a new friend's older row).
 * Never pulls every public profile. Profiles of people who are no longer friends are removed locally.
 * The rows come from the RPC get_profile_rows (the table shows each user only their own row, whose time
 * zone is theirs alone: 20261207161000), with the ids in its POST body. They go in chunks of
 * IDS_PER_REQUEST (id-chunks.ts), one replication each: a user may have 500 friends
 * (20261206200200_friend_limit.sql); smaller pulls stay the rule.
 * Owns those replications and the friendships subscription; `stop()` releases them.
 */
import type { DatabaseClient } from '../../src/db/database';
import { debounceTime, distinctUntilChanged, map, type Subscription } from 'rxjs';
import type { SpotterDatabase } from '../../src/db/types';
import { collectionSync } from './collections';
import { chunked } from './id-chunks';
import type { SyncGate } from './gate';
import {
  replicateCollection,
  type CollectionReplication,
  type ReplicationHooks,
} from './replicate-collection';

export interface FriendProfilesOptions {
  db: SpotterDatabase;
  client: DatabaseClient;
  gate: SyncGate;
  userId: string;
  backendId: string;
  retryTime: number;
  hooks: ReplicationHooks;
  /** The friend set changed (the session re-binds realtime for their rows). */
  onFriends?(ids: readonly string[]): void;
}

/** FNV-1a, enough to tell friend sets apart in a replication identifier. */
export function hashIds(ids: readonly string[]): string {
  let h = 0x811c9dc5;
  for (const ch of ids.join(',')) {
    h ^= ch.charCodeAt(0);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h.toString(36);
}

export class FriendProfiles {
  private replications: CollectionReplication[] = [];
  private subscription: Subscription | null = null;
  private ids: readonly string[] = [];
  private stopped = false;
  private switching: Promise<void> = Promise.resolve();

  constructor(private readonly options: FriendProfilesOptions) {}

  get friendIds(): readonly string[] {
    return this.ids;
  }

  start(): void {
    const { db, userId } = this.options;
    if (!db.collections.profiles || !db.collections.friendships) return;
    this.subscription = db.friendships
      .find({ selector: { user_id: userId } })
      .$.pipe(
        map((docs) => [...new Set(docs.map((d) => d.friend_id))].sort()),
        map((ids) => ids.join(',')),
        distinctUntilChanged(),
        // One restart for a burst of friendship rows (the first pull brings them in pages).
        debounceTime(100),
      )
      .subscribe((joined) => {
        const ids = joined === '' ? [] : joined.split(',');
        this.switching = this.switching.then(() => this.switchTo(ids)).catch(() => undefined);
      });
  }

  resync(): void {
    for (const replication of this.replications) replication.resync();
  }

  async awaitInSync(): Promise<void> {
    await this.switching;
    await Promise.all(this.replications.map((replication) => replication.state.awaitInSync()));
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.subscription?.unsubscribe();
    await this.switching;
    await Promise.all(this.replications.map((replication) => replication.state.cancel()));
    this.replications = [];
  }

  private async switchTo(ids: readonly string[]): Promise<void> {
    if (this.stopped) return;
    const { db, userId } = this.options;
    const old = this.replications;
    this.replications = [];
    await Promise.all(old.map((replication) => replication.state.cancel()));
    if (this.stopped || db.closed) return;
    this.ids = ids;
    // Former friends' profiles: the local collection only holds the own row and friends'.
    const keep = new Set([userId, ...ids]);
    const stale = await db.profiles.find({ selector: { id: { $nin: [...keep] } } }).exec();
    if (stale.length > 0) await db.profiles.bulkRemove(stale.map((d) => d.id));
    this.options.onFriends?.(ids);
    if (ids.length === 0 || this.stopped) return;
    this.replications = chunked(ids).map((chunk) =>
      replicateCollection({
        db,
        client: this.options.client,
        gate: this.options.gate,
        userId,
        // ownerColumn null: the filter is the id list, not the own id.
        sync: { ...collectionSync('profiles', userId), ownerColumn: null, realtime: [] },
        idIn: chunk,
        identifier: `${this.options.backendId}|profiles-friends|${hashIds(chunk)}|v1`,
        retryTime: this.options.retryTime,
        hooks: this.options.hooks,
      }),
    );
  }
}
