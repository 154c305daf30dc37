// @clock-sensitive: wall-clock timestamps
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { feedItem } from '../../../test/support/browser/feed-fixtures';
import { overlayPendingFlexes } from '../feed-flexes';
import { readLocal } from '../local-doc';
import { FEED_WINDOW_ID, writeFeedWindow, type FeedWindow } from '../local-state';
import { pendingEntries, readPending, settleIntent } from '../pending-writes';
import { cleanupDatabases, openTestDatabase } from '../../../test/support/browser/test-database';
import { FRIEND, USER } from '../../../test/support/browser/db-fixtures';
import type { SpotterDatabase } from '../types';
import type { CommandContext } from './context';
import { flexActivity, flexListedActivity } from './flex';

const NOW = new Date();
const FRIENDS = feedItem(FRIEND, { id: 'rest_day_confirmed:friend', flex_count: 2 });
const MINE = feedItem(USER, { id: 'rest_day_confirmed:mine', username: 'lena' });
const UUID_V7 = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
let db: SpotterDatabase;
let ctx: CommandContext;

beforeEach(async () => {
  db = await openTestDatabase({ userId: USER, collections: ['profiles'] });
  ctx = { db, userId: USER, now: () => NOW };
  await writeFeedWindow(db, { items: [FRIENDS, MINE], fetched_at: NOW.toISOString() });
});
afterEach(cleanupDatabases);

const windowItem = async (id: string) =>
  (await readLocal<FeedWindow>(db, FEED_WINDOW_ID))!.items.find((i) => i.id === id)!;

describe('flexActivity', () => {
  it('shows the flex at once and records one flex_activity intent with a client id', async () => {
    const r = await flexActivity(ctx, { activity_id: FRIENDS.id });
    expect(r).toMatchObject({ ok: true, value: { flexed_by_me: true, flex_count: 3 } });
    expect(await windowItem(FRIENDS.id)).toMatchObject({ flexed_by_me: true, flex_count: 3 });
    const entries = pendingEntries(await readPending(db));
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      key: `flex:${FRIENDS.id}`,
      kind: 'intent',
      collection: 'feed_window',
      doc_id: FRIENDS.id,
      request: { type: 'rpc', fn: 'flex_activity', args: { p_activity_id: FRIENDS.id } },
      patch: { flexed_by_me: true },
      previous: { flexed_by_me: false },
    });
    const args = entries[0]!.request?.type === 'rpc' ? entries[0]!.request.args : {};
    expect(args.p_id).toMatch(UUID_V7);
  });

  it('a second flex (also two taps at once) changes and records nothing more', async () => {
    await Promise.all([
      flexActivity(ctx, { activity_id: FRIENDS.id }),
      flexActivity(ctx, { activity_id: FRIENDS.id }),
    ]);
    const first = pendingEntries(await readPending(db));
    expect(first).toHaveLength(1);
    const again = await flexActivity(ctx, { activity_id: FRIENDS.id });
    expect(again).toMatchObject({ ok: true, value: { flex_count: 3 } });
    expect(pendingEntries(await readPending(db))).toEqual(first);
    expect(await windowItem(FRIENDS.id)).toMatchObject({ flexed_by_me: true, flex_count: 3 });

    // A page stored without my pending flex (written before its ledger entry): a tap shows it again
    // and still records nothing more.
    await writeFeedWindow(db, { items: [FRIENDS, MINE], fetched_at: NOW.toISOString() });
    expect(await flexActivity(ctx, { activity_id: FRIENDS.id })).toMatchObject({
      ok: true,
      value: { flexed_by_me: true, flex_count: 3 },
    });
    expect(pendingEntries(await readPending(db))).toEqual(first);
  });

  it('refuses my own activity, one not in the window and bad input, writing nothing', async () => {
    expect(await flexActivity(ctx, { activity_id: MINE.id })).toEqual({
      ok: false,
      error: { code: 'own_activity', message: 'errors:data.flexOwnActivity' },
    });
    expect(await flexActivity(ctx, { activity_id: 'rest_day_confirmed:gone' })).toMatchObject({
      ok: false,
      error: { code: 'activity_not_found', message: 'errors:data.activityNotFound' },
    });
    expect(await flexActivity(ctx, { activity_id: '' })).toMatchObject({
      ok: false,
      error: { code: 'invalid_input:activity_id' },
    });
    expect(pendingEntries(await readPending(db))).toEqual([]);
    expect(await windowItem(MINE.id)).toEqual(MINE);
  });

  it('a refused flex is rolled back; a pending one stays over a refreshed page', async () => {
    await flexActivity(ctx, { activity_id: FRIENDS.id });
    const entry = pendingEntries(await readPending(db))[0]!;
    // A refresh from the server before the flex arrived (someone else flexed meanwhile: 4).
    const server = [{ ...FRIENDS, flex_count: 4 }, MINE];
    expect(overlayPendingFlexes(await readPending(db), server)[0]).toMatchObject({
      flexed_by_me: true,
      flex_count: 5,
    });
    // The server already counted it: nothing added twice.
    expect(
      overlayPendingFlexes(await readPending(db), [{ ...FRIENDS, flex_count: 5, flexed_by_me: true }])[0],
    ).toMatchObject({ flex_count: 5 });

    await settleIntent(db, entry.key, entry.seq, { status: 'refused', code: 'P0001', message: 'no' }, NOW);
    expect(await windowItem(FRIENDS.id)).toEqual(FRIENDS);
    const state = await readPending(db);
    expect(state.entries).toEqual({});
    expect(state.failed).toMatchObject([{ key: entry.key, collection: 'feed_window' }]);
  });
});

describe('flexListedActivity (a friend’s profile)', () => {
  const ELSEWHERE = 'workout:friends-older-workout';

  it('an activity outside the window: one flex_activity intent, delivered once however often tapped', async () => {
    const listed = { activity_id: ELSEWHERE, owner_id: FRIEND, flexed_by_me: false };
    await Promise.all([flexListedActivity(ctx, listed), flexListedActivity(ctx, listed)]);
    expect(await flexListedActivity(ctx, listed)).toEqual({ ok: true, value: { activity_id: ELSEWHERE } });
    const entries = pendingEntries(await readPending(db));
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      key: `flex:${ELSEWHERE}`,
      collection: 'feed_window',
      doc_id: ELSEWHERE,
      request: { type: 'rpc', fn: 'flex_activity', args: { p_activity_id: ELSEWHERE } },
    });
    // The feed window is left as it was.
    expect((await readLocal<FeedWindow>(db, FEED_WINDOW_ID))!.items).toEqual([FRIENDS, MINE]);
  });

  it('an activity the feed window holds is flexed there too (the same one intent)', async () => {
    const r = await flexListedActivity(ctx, {
      activity_id: FRIENDS.id,
      owner_id: FRIEND,
      flexed_by_me: false,
    });
    expect(r.ok).toBe(true);
    expect(await windowItem(FRIENDS.id)).toMatchObject({ flexed_by_me: true, flex_count: 3 });
    expect(await flexActivity(ctx, { activity_id: FRIENDS.id })).toMatchObject({ ok: true });
    expect(pendingEntries(await readPending(db)).map((e) => e.key)).toEqual([`flex:${FRIENDS.id}`]);
  });

  it('records nothing for my own activity or one the server says I flexed', async () => {
    expect(
      await flexListedActivity(ctx, { activity_id: ELSEWHERE, owner_id: USER, flexed_by_me: false }),
    ).toMatchObject({ ok: false, error: { code: 'own_activity' } });
    expect(
      await flexListedActivity(ctx, { activity_id: ELSEWHERE, owner_id: FRIEND, flexed_by_me: true }),
    ).toMatchObject({ ok: true });
    expect(pendingEntries(await readPending(db))).toEqual([]);
  });
});
