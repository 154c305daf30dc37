/**
 * The settling watcher: removes the ledger's settling entries (src/db/pending-writes.ts `SettlingEntry`:
 * writes the server acknowledged whose effects on xp, level and streaks may not have been pulled yet)
 * once the pulled data shows them, so the progression (src/db/progress) goes straight from
 * its local numbers to the server's without showing the old ones in between (issue 7).
 *
 * An entry goes `graceMs` after the data shows it:
 * - its write earns an award (a planned workout in the award window, a rest day, a claimed challenge):
 *   the pulled ledger (`xp_events`) holds the award and the pulled profile's xp has caught up with the
 *   pulled ledger's sum (src/db/progress/server-shows.ts, the rule the view model uses too);
 * - it earns none (a deleted workout, a date outside the window): the own profile changed after the
 *   entry was seen (the streak arrived), or `quietMs` passed (nothing changed);
 * and in any case after `maxMs` (an award the server did not make; the 60 s resync has run by then).
 * Runs in the leader beside the intent sender, which starts and stops it; owns its subscriptions and
 * one timer.
 */
import { merge, type Subscription } from 'rxjs';
import {
  readPending,
  removeSettling,
  settlingEntries,
  type SettlingEntry,
} from '../../src/db/pending-writes';
import { CoalescedPasses } from '../core/coalesced-passes';
import { ledger$ } from '../core/local-doc-stream';
import type { SpotterDatabase } from '../../src/db/types';
import { awardOf, awardToday, serverShows, type PulledServerState } from '../../src/db/progress/server-shows';

/** An award-less write settles after this long without a profile change. */
export const SETTLE_QUIET_MS = 5_000;
/** Any settling entry goes after this long (the session's periodic resync is 60 s). */
export const SETTLE_MAX_MS = 70_000;
/**
 * An entry goes this long after the data shows it: the page's live queries see a pulled row a moment
 * after this realm does (change events cross the BroadcastChannel, queries re-run), and the page must
 * not see the entry gone before it sees the row.
 */
export const SETTLE_GRACE_MS = 1_000;

export interface SettlingWatcherOptions {
  db: SpotterDatabase;
  now: () => Date;
  quietMs?: number;
  maxMs?: number;
  graceMs?: number;
  onError?(error: unknown): void;
}

interface DocLike {
  user_id?: unknown;
  date?: unknown;
  _deleted?: unknown;
}

export class SettlingWatcher {
  private subscription: Subscription | null = null;
  private timer: ReturnType<typeof setTimeout> | null = null;
  /** One check at a time; changes during a check ask for one more. */
  private readonly passes = new CoalescedPasses(
    () => this.check(),
    () => this.subscription !== null,
    (error) => {
      if (!this.options.db.closed) this.options.onError?.(error);
    },
  );
  /** The own profile's revision when an entry (key + acknowledgement time) was first seen. */
  private readonly seenRev = new Map<string, string | null>();
  /** When the data first showed an entry (same keys). */
  private readonly shownSince = new Map<string, number>();

  constructor(private readonly options: SettlingWatcherOptions) {}

  start(): void {
    if (this.subscription) return;
    const { db } = this.options;
    const sources = [ledger$(db)];
    // Both collections are absent in reduced test databases; then entries go on the timers alone.
    if (db.collections.profiles) sources.push(db.collections.profiles.$ as never);
    if (db.collections.xp_events) sources.push(db.collections.xp_events.$ as never);
    this.subscription = merge(...sources).subscribe(() => this.kick());
  }

  stop(): void {
    this.subscription?.unsubscribe();
    this.subscription = null;
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
  }

  /** Resolves after the check that is running (if any) ends (tests). */
  idle(): Promise<void> {
    return this.passes.idle();
  }

  kick(): void {
    this.passes.kick();
  }

  private async check(): Promise<void> {
    const { db } = this.options;
    if (db.closed) return;
    const entries = settlingEntries(await readPending(db));
    const quietMs = this.options.quietMs ?? SETTLE_QUIET_MS;
    const maxMs = this.options.maxMs ?? SETTLE_MAX_MS;
    const graceMs = this.options.graceMs ?? SETTLE_GRACE_MS;
    const now = this.options.now().getTime();
    if (!db.collections.profiles || !db.collections.xp_events) {
      // Nothing here shows progression: nothing to wait for.
      await removeSettling(
        db,
        entries.map((e) => e.key),
      );
      return;
    }
    const done: string[] = [];
    let next = Infinity;
    const live = new Set<string>();
    for (const entry of entries) {
      const seen = `${entry.key}@${entry.acknowledged_at}`;
      live.add(seen);
      const acknowledgedAt = Date.parse(entry.acknowledged_at);
      const { userId, doc } = await this.documentOf(entry);
      const profile = userId ? await this.profile(userId) : null;
      if (!this.seenRev.has(seen)) this.seenRev.set(seen, profile?.rev ?? null);
      const award = awardOf(entry, doc, awardToday(profile?.timezone, this.options.now()));
      const shown =
        award !== null && userId !== null
          ? serverShows(award, await this.pulled(userId, profile?.xp ?? null))
          : (profile?.rev ?? null) !== this.seenRev.get(seen) || now - acknowledgedAt >= quietMs;
      if (!shown) this.shownSince.delete(seen);
      else if (!this.shownSince.has(seen)) this.shownSince.set(seen, now);
      const shownAt = this.shownSince.get(seen);
      if ((shownAt !== undefined && now - shownAt >= graceMs) || now - acknowledgedAt >= maxMs) {
        done.push(entry.key);
        continue;
      }
      next = Math.min(next, acknowledgedAt + maxMs);
      if (shownAt !== undefined) next = Math.min(next, shownAt + graceMs);
      else if (award === null) next = Math.min(next, acknowledgedAt + quietMs);
    }
    for (const key of this.seenRev.keys()) if (!live.has(key)) this.seenRev.delete(key);
    for (const key of this.shownSince.keys()) if (!live.has(key)) this.shownSince.delete(key);
    if (done.length > 0) await removeSettling(db, done);
    this.schedule(next - now);
  }

  private schedule(delay: number): void {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
    if (!Number.isFinite(delay) || !this.subscription) return;
    this.timer = setTimeout(() => this.kick(), Math.max(0, delay) + 1);
  }

  /** The entry's local document and whose it is (the challenge's completion id is "<user>:<date>"). */
  private async documentOf(entry: SettlingEntry): Promise<{ userId: string | null; doc: DocLike | null }> {
    if (entry.collection === 'daily_challenge') {
      return { userId: entry.doc_id.split(':')[0] ?? null, doc: null };
    }
    if (entry.collection !== 'workouts' && entry.collection !== 'rest_days')
      return { userId: null, doc: null };
    const coll = this.options.db.collections[entry.collection];
    if (!coll) return { userId: null, doc: null };
    const [doc] = (await coll.storageInstance.findDocumentsById([entry.doc_id], true)) as DocLike[];
    return { userId: typeof doc?.user_id === 'string' ? doc.user_id : null, doc: doc ?? null };
  }

  private async profile(
    userId: string,
  ): Promise<{ rev: string; xp: number; timezone: string | null } | null> {
    const coll = this.options.db.collections.profiles;
    if (!coll) return null;
    const [doc] = await coll.storageInstance.findDocumentsById([userId], false);
    if (!doc) return null;
    return { rev: doc._rev, xp: doc.xp, timezone: doc.timezone ?? null };
  }

  /** The pulled own ledger (rows and sum) beside the pulled profile's xp. */
  private async pulled(userId: string, profileXp: number | null): Promise<PulledServerState> {
    const events = await this.options.db.collections.xp_events.find({ selector: { user_id: userId } }).exec();
    let ledgerXp = 0;
    const awarded = new Set<string>();
    for (const e of events) {
      ledgerXp += e.amount;
      awarded.add(`${e.source}|${e.source_id}`);
    }
    return { profileXp, ledgerXp, awarded };
  }
}
