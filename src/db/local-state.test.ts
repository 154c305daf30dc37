// @clock-sensitive: today and streaks
import { filter, firstValueFrom } from 'rxjs';
import { afterEach, describe, expect, it } from 'vitest';
import {
  dailyChallenge$,
  feedWindow$,
  hasCompletedSync,
  syncMeta$,
  updateSyncMeta,
  writeDailyChallenge,
  writeFeedWindow,
  type FeedItem,
} from './local-state';
import { cleanupDatabases, openTestDatabase } from '../../test/support/browser/test-database';
import { USER } from '../../test/support/browser/db-fixtures';

afterEach(cleanupDatabases);

const item: FeedItem = {
  id: 'workout:0192f3a4-1111-7000-8000-00000000aaaa',
  user_id: USER,
  kind: 'workout_planned',
  workout_id: '0192f3a4-1111-7000-8000-00000000aaaa',
  gym_id: null,
  achievement_id: null,
  friend_id: null,
  challenge_id: null,
  level: null,
  created_at: '2026-11-21T20:00:00+00:00',
  username: 'lena',
  discriminator: '0042',
  slug: 'lena-0042',
  avatar_id: 'avatar3',
  profile_picture_url: null,
  workout_type: 'strength',
  workout_title: 'Bench day',
  workout_date: '2026-11-22',
  workout_time: '07:30:00',
  gym_name: null,
  achievement_name: null,
  friend_username: null,
  flex_count: 2,
  flexed_by_me: false,
};

describe('local documents', () => {
  it('feed window: empty until written, replaced whole, seen by the other instance', async () => {
    const page = await openTestDatabase({ userId: USER, collections: ['profiles'] });
    const worker = await openTestDatabase({
      userId: USER,
      collections: ['profiles'],
      ignoreDuplicate: true,
    });
    expect(await firstValueFrom(feedWindow$(page))).toEqual({ items: [], fetched_at: null });
    const seen = firstValueFrom(feedWindow$(page).pipe(filter((w) => w.items.length === 1)));
    await writeFeedWindow(worker, { items: [item], fetched_at: '2026-11-22T10:00:00.000Z' });
    expect((await seen).items[0]?.flex_count).toBe(2);
    await writeFeedWindow(worker, { items: [], fetched_at: '2026-11-22T10:01:00.000Z' });
    expect(
      await firstValueFrom(
        feedWindow$(page).pipe(filter((w) => w.items.length === 0 && w.fetched_at !== null)),
      ),
    ).toMatchObject({ fetched_at: '2026-11-22T10:01:00.000Z' });
  });

  it('daily challenge and sync meta', async () => {
    const db = await openTestDatabase({ userId: USER, collections: ['profiles'] });
    expect(await firstValueFrom(dailyChallenge$(db))).toBeNull();
    await writeDailyChallenge(db, {
      id: `${USER}:2026-11-22`,
      date: '2026-11-22',
      challenge_id: 'plank_60s',
      name: '60s Plank',
      description: 'Hold a plank for 60 seconds',
      points: 15,
      completed: false,
    });
    expect(await firstValueFrom(dailyChallenge$(db).pipe(filter(Boolean)))).toMatchObject({
      challenge_id: 'plank_60s',
      completed: false,
    });
    await updateSyncMeta(db, { last_synced_at: '2026-11-22T10:00:00.000Z' });
    await updateSyncMeta(db, {
      last_error: { code: 'RC_PUSH', message: 'x', at: '2026-11-22T10:01:00.000Z' },
    });
    expect(await firstValueFrom(syncMeta$(db).pipe(filter((m) => m.last_error !== null)))).toEqual({
      last_synced_at: '2026-11-22T10:00:00.000Z',
      last_error: { code: 'RC_PUSH', message: 'x', at: '2026-11-22T10:01:00.000Z' },
      first_pull: null,
    });
  });

  it('tells a device that has completed a pull from one that never has (or lost its data)', async () => {
    const db = await openTestDatabase();
    expect(await hasCompletedSync(db)).toBe(false);
    await updateSyncMeta(db, { last_error: { code: 'RC_PULL', message: 'x', at: new Date().toISOString() } });
    expect(await hasCompletedSync(db)).toBe(false);
    await updateSyncMeta(db, { last_synced_at: new Date().toISOString() });
    expect(await hasCompletedSync(db)).toBe(true);
  });
});

describe('a local document stream on a closed database', () => {
  it('ends instead of failing (a screen still mounted while sign-out or a user switch closes it)', async () => {
    const db = await openTestDatabase({ userId: USER, collections: ['profiles'] });
    // Subscribed while the database closes: RxDB has dropped its local documents, `closed` is not set.
    const closing = db.close();
    const outcome = await new Promise<string>((resolve) => {
      syncMeta$(db).subscribe({
        next: () => resolve('value'),
        error: (error: unknown) => resolve(`error ${String(error)}`),
        complete: () => resolve('complete'),
      });
    });
    expect(outcome).toBe('complete');
    await closing;
  });
});
