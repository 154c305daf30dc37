/**
 * The local documents the leader keeps fresh for the UI (src/db/local-state.ts): `feed_window` (pages of
 * the get_feed RPC), `daily_challenge` (get_daily_challenge for today's UTC date plus whether today's
 * completion exists), `profile_details` (the owner-only row) and `weekly_leaderboard` (leaderboard-doc.ts,
 * also refreshed when its input collections change locally). Refreshed on leadership, every resync,
 * after intents that touch them are settled and on realtime changes of their tables; calls while one
 * refresh of a kind runs coalesce into one more. Pending intents (my flexes in the feed too) stay laid
 * over what the server says, and an intent the service worker queued is settled when the server state
 * shows it applied.
 * A refresh that fails (offline, 401) is dropped: the next resync tries again, and the screen keeps the
 * last stored state meanwhile.
 */
import type { DatabaseClient } from '../../src/db/database';
import { challengeDateUtc } from '../../src/domain/challenge-date';
import {
  DAILY_CHALLENGE_ID,
  FEED_PAGE_SIZE,
  FEED_WINDOW_ID,
  PROFILE_DETAILS_ID,
  writeDailyChallenge,
  writeFeedWindow,
  writeProfileDetails,
  type DailyChallengeState,
  type FeedItem,
  type FeedWindow,
  type ProfileDetails,
} from '../../src/db/local-state';
import { overlayPendingFlexes } from '../../src/db/feed-flexes';
import { readLocal } from '../../src/db/local-doc';
import { overlayPending, readPending, settleIntent, type LocalTarget } from '../../src/db/pending-writes';
import type { SpotterDatabase } from '../../src/db/types';
import { classify } from './errors';
import type { SyncGate } from './gate';
import { refreshLeaderboard, watchLeaderboardInputs } from './leaderboard-doc';
import { rowShowsIntent } from './pull-overlay';

export type LocalDocKind = 'feed' | 'challenge' | 'details' | 'leaderboard';
export const LOCAL_DOC_KINDS: readonly LocalDocKind[] = ['feed', 'challenge', 'details', 'leaderboard'];

// get_feed's page size (src/db/local-state.ts); a refresh re-reads as many rows as the window holds (at
// most the RPC's 100).
export { FEED_PAGE_SIZE };
const FEED_MAX = 100;

const DETAIL_FIELDS = [
  'id',
  'birth_date',
  'gender',
  'height_cm',
  'weight_kg',
  'target_weight_kg',
  'primary_goal',
  'secondary_goal',
  'preferred_workout_time',
  'workout_duration_min',
  'fitness_level',
  'phone',
] as const satisfies readonly (keyof ProfileDetails)[];

export type LoadMoreResult =
  { ok: true; added: number; done: boolean } | { ok: false; error: { code: string; message: string } };

export interface LocalDocsOptions {
  db: SpotterDatabase;
  client: DatabaseClient;
  gate: SyncGate;
  userId: string;
  now: () => Date;
  onError?(error: unknown): void;
}

const num = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));

export class LocalDocs {
  private readonly running = new Map<LocalDocKind, Promise<void>>();
  private readonly again = new Set<LocalDocKind>();
  /** Feed refreshes and load-more pages one at a time: each rewrites the whole window. */
  private feedChain: Promise<unknown> = Promise.resolve();
  private stopped = false;
  private unwatchLeaderboard: (() => void) | null = null;

  constructor(private readonly options: LocalDocsOptions) {}

  refreshAll(kinds: readonly LocalDocKind[] = LOCAL_DOC_KINDS): void {
    // The first refresh (on leadership) starts following the board's inputs; nothing earlier calls out.
    this.unwatchLeaderboard ??= watchLeaderboardInputs(this.options.db, () => this.refresh('leaderboard'));
    for (const kind of kinds) this.refresh(kind);
  }

  /** Refreshes `kind`; resolves when that refresh has ended, whatever its outcome (never rejects). */
  refreshed(kind: LocalDocKind): Promise<void> {
    this.refresh(kind);
    return this.running.get(kind) ?? Promise.resolve();
  }

  refresh(kind: LocalDocKind): void {
    if (this.stopped) return;
    if (this.running.has(kind)) {
      this.again.add(kind);
      return;
    }
    const run = (async () => {
      do {
        this.again.delete(kind);
        await this.options.gate.wait();
        if (this.stopped || this.options.db.closed) return;
        await this.refreshOnce(kind);
      } while (this.again.has(kind) && !this.stopped);
    })()
      .catch((error: unknown) => {
        if (!this.stopped && !this.options.db.closed) this.options.onError?.(error);
      })
      .finally(() => this.running.delete(kind));
    this.running.set(kind, run);
  }

  /** Resolves when no refresh is running (tests). */
  async idle(): Promise<void> {
    while (this.running.size > 0) await Promise.all(this.running.values());
  }

  stop(): void {
    this.stopped = true;
    this.unwatchLeaderboard?.();
    this.unwatchLeaderboard = null;
  }

  private refreshOnce(kind: LocalDocKind): Promise<void> {
    if (kind === 'feed') return this.serialFeed(() => this.refreshFeed());
    if (kind === 'challenge') return this.refreshChallenge();
    if (kind === 'leaderboard') {
      const { db, client, now } = this.options;
      return refreshLeaderboard(db, client, now, () => this.stopped);
    }
    return this.refreshDetails();
  }

  private serialFeed<T>(fn: () => Promise<T>): Promise<T> {
    const run = this.feedChain.then(fn, fn);
    this.feedChain = run.catch(() => undefined);
    return run;
  }

  private async refreshFeed(): Promise<void> {
    const { db, client } = this.options;
    const current = (await readLocal<FeedWindow>(db, FEED_WINDOW_ID))?.items ?? [];
    const limit = Math.min(Math.max(current.length, FEED_PAGE_SIZE), FEED_MAX - 1);
    // One row more than kept: whether it came says if "load more" would find anything.
    const res = await client.rpc('get_feed', { p_limit: limit + 1 });
    if (res.error) throw classify(res.status, res.error);
    if (this.stopped || db.closed) return;
    const rows = (res.data ?? []) as FeedItem[];
    await writeFeedWindow(db, {
      items: await this.settleQueuedFlexes(rows.slice(0, limit)),
      fetched_at: this.options.now().toISOString(),
      more: rows.length > limit,
    });
  }

  /**
   * My flexes still on their way stay on the rows (feed-flexes.ts); one the service worker queued is
   * settled once the server's row says I flexed it.
   */
  private async settleQueuedFlexes(items: FeedItem[]): Promise<FeedItem[]> {
    const { db } = this.options;
    let pending = await readPending(db);
    const byId = new Map(items.map((i) => [i.id, i]));
    for (const entry of Object.values(pending.entries)) {
      if (entry.collection !== 'feed_window' || entry.queue_id === null) continue;
      const row = byId.get(entry.doc_id);
      if (row && rowShowsIntent(entry, row as unknown as Record<string, unknown>)) {
        await settleIntent(db, entry.key, entry.seq, { status: 'applied' }, this.options.now());
        pending = await readPending(db);
      }
    }
    return overlayPendingFlexes(pending, items);
  }

  /** The next older page after the window's last item, appended to `feed_window`. */
  loadMoreFeed(pageSize = FEED_PAGE_SIZE): Promise<LoadMoreResult> {
    const limit = Math.min(pageSize, FEED_MAX - 1);
    return this.serialFeed(async () => {
      const { db, client } = this.options;
      const current = (await readLocal<FeedWindow>(db, FEED_WINDOW_ID)) ?? { items: [], fetched_at: null };
      const last = current.items.at(-1);
      const res = await client.rpc('get_feed', {
        // One row more than appended, as in the refresh: `done` without a further empty read.
        p_limit: limit + 1,
        ...(last ? { p_before_created_at: last.created_at, p_before_id: last.id } : {}),
      });
      if (res.error) {
        return {
          ok: false,
          error: { code: res.error.code || 'network', message: res.error.message },
        } as const;
      }
      const rows = (res.data ?? []) as FeedItem[];
      const page = await this.settleQueuedFlexes(rows.slice(0, limit));
      const seen = new Set(current.items.map((i) => i.id));
      const fresh = page.filter((i) => !seen.has(i.id));
      const done = rows.length <= limit;
      await writeFeedWindow(db, {
        items: [...current.items, ...fresh],
        fetched_at: current.fetched_at ?? this.options.now().toISOString(),
        more: !done,
      });
      return { ok: true, added: fresh.length, done } as const;
    });
  }

  private async refreshChallenge(): Promise<void> {
    const { db, client, userId } = this.options;
    const today = challengeDateUtc(this.options.now());
    const id = `${userId}:${today}`;
    const [challenge, completion] = await Promise.all([
      client.rpc('get_daily_challenge', { p_date: today }),
      client.from('daily_challenge_completions').select('id').eq('id', id).maybeSingle(),
    ]);
    if (challenge.error) throw classify(challenge.status, challenge.error);
    if (completion.error) throw classify(completion.status, completion.error);
    const row = ((challenge.data ?? []) as Omit<DailyChallengeState, 'id' | 'date' | 'completed'>[])[0];
    if (!row || this.stopped || db.closed) return;
    const server: DailyChallengeState = {
      id,
      date: today,
      challenge_id: row.challenge_id,
      name: row.name,
      description: row.description ?? null,
      points: row.points,
      completed: completion.data !== null,
    };
    const state = await this.settleQueuedAndOverlay('daily_challenge', server);
    const stored = await readLocal<DailyChallengeState>(db, DAILY_CHALLENGE_ID);
    if (JSON.stringify(stored) !== JSON.stringify(state)) await writeDailyChallenge(db, state);
  }

  private async refreshDetails(): Promise<void> {
    const { db, client, userId } = this.options;
    const res = await client.from('profile_details').select('*').eq('id', userId).maybeSingle();
    if (res.error) throw classify(res.status, res.error);
    const row = res.data as Record<string, unknown> | null;
    if (!row || this.stopped || db.closed) return;
    const server = Object.fromEntries(
      DETAIL_FIELDS.map((f) => [f, row[f] ?? null]),
    ) as unknown as ProfileDetails;
    // numeric(5,1) columns: numbers whichever way the server prints them.
    server.height_cm = num(server.height_cm);
    server.weight_kg = num(server.weight_kg);
    server.target_weight_kg = num(server.target_weight_kg);
    const state = await this.settleQueuedAndOverlay('profile_details', server);
    const stored = await readLocal<ProfileDetails>(db, PROFILE_DETAILS_ID);
    if (JSON.stringify(stored) !== JSON.stringify(state)) await writeProfileDetails(db, state);
  }

  /** Settles queued intents the server state shows applied, then lays the rest over it. */
  private async settleQueuedAndOverlay<T extends { id: string }>(target: LocalTarget, server: T): Promise<T> {
    const { db } = this.options;
    let pending = await readPending(db);
    for (const entry of Object.values(pending.entries)) {
      if (entry.collection !== target || entry.doc_id !== server.id || entry.queue_id === null) continue;
      if (rowShowsIntent(entry, server)) {
        await settleIntent(db, entry.key, entry.seq, { status: 'applied' }, this.options.now());
        pending = await readPending(db);
      }
    }
    return overlayPending(pending, target, server);
  }
}
