// @clock-sensitive: sync checkpoints on server time
/**
 * Intents through the worker API in-process: a user switch never sends the first user's intents (they
 * stay in that user's database and go out, under that user, when they sign in again), and the feed's
 * load-more through the API.
 */
import { afterEach, expect, it } from 'vitest';
import { confirmRestDay } from '../../../src/db/commands/rest-days';
import { readLocal } from '../../../src/db/local-doc';
import { FEED_WINDOW_ID, type FeedWindow } from '../../../src/db/local-state';
import { readPending } from '../../../src/db/pending-writes';
import { describeEachEmulator } from '../../support/emulator';
import { inProcessWorkerApis } from './worker-api-support';
import { eventually, newUser, sleep } from './support';

describeEachEmulator('sync worker API: intents', (suite) => {
  const emulator = () => suite.emulator();
  const { makeApi, start, removeDatabases } = inProcessWorkerApis(emulator);
  afterEach(removeDatabases);
  const restDays = async (userId: string) =>
    (
      await emulator().engine.query<{ user_id: string }>(
        `select user_id from public.rest_days where user_id = $1`,
        [userId],
      )
    ).rows;

  it('a user switch never sends the first user’s intents; they go out when that user is back', async () => {
    const first = await newUser(emulator());
    const second = await newUser(emulator());
    const { api, opened } = makeApi();
    await api.start(start(first.id, null));
    const confirmed = await confirmRestDay({ db: opened.get(first.id)!, userId: first.id });
    if (!confirmed.ok) throw new Error('confirm failed');
    expect(Object.keys((await readPending(opened.get(first.id)!)).entries)).toHaveLength(1);

    await api.start(start(second.id, second.token));
    await eventually(() => {
      const s = api.status();
      return s.state === 'running' && s.userId === second.id && s.lastSyncedAt !== null;
    });
    await sleep(500);
    expect(await restDays(first.id)).toEqual([]);
    expect(await restDays(second.id)).toEqual([]);
    expect(Object.keys((await readPending(opened.get(second.id)!)).entries)).toHaveLength(0);

    await api.start(start(first.id, first.token));
    const db = opened.get(first.id)!;
    await eventually(async () => Object.keys((await readPending(db)).entries).length === 0, 15_000, 'sent');
    expect(await restDays(first.id)).toEqual([{ user_id: first.id }]);
    const xp = await emulator().engine.query<{ n: number }>(
      `select count(*)::int as n from public.xp_events where user_id = $1 and source = 'rest_day'`,
      [first.id],
    );
    expect(xp.rows).toEqual([{ n: 1 }]);
    await api.dispose();
  });

  it('loads older feed pages into feed_window', async () => {
    const user = await newUser(emulator());
    await emulator().engine.query(
      `insert into public.activities (id, user_id, kind, level, created_at)
       select 'lvl:' || $1 || ':' || g, $1::uuid, 'level_up', g + 1, now() - (g || ' minutes')::interval
       from generate_series(1, 30) g`,
      [user.id],
    );
    const { api, opened } = makeApi();
    expect(await api.loadMoreFeed()).toMatchObject({ ok: false, error: { code: 'not_started' } });
    await api.start(start(user.id, user.token));
    const db = opened.get(user.id)!;
    await eventually(async () => (await readLocal<FeedWindow>(db, FEED_WINDOW_ID))?.items.length === 20);
    expect(await api.loadMoreFeed()).toEqual({ ok: true, added: 10, done: true });
    const items = (await readLocal<FeedWindow>(db, FEED_WINDOW_ID))!.items;
    expect(items.map((i) => i.level)).toEqual(Array.from({ length: 30 }, (_, i) => i + 2));
    await api.dispose();
  });
});
