// @clock-sensitive: days from today
/**
 * The worker API in-process (the Worker wrapper only adds comlink): per-user databases through the real
 * openDatabase, signing out and in as another user never pushes or shows the first user's data, the
 * status subscription, online-only RPCs as values.
 */
import { afterEach, expect, it } from 'vitest';
import { planWorkout } from '../../../src/db/commands/workouts';
import type { WorkerStatus } from '../../../sync-worker/api';
import { describeEachEmulator } from '../../support/emulator';
import { inProcessWorkerApis } from './worker-api-support';
import { eventually, newUser } from './support';
import { dayFromToday } from '../../support/clock/days';

describeEachEmulator('sync worker API', (suite) => {
  const emulator = () => suite.emulator();
  const { makeApi, start, removeDatabases } = inProcessWorkerApis(emulator);
  afterEach(removeDatabases);

  it('signing out and in as another user never pushes or shows the first user’s data', async () => {
    const first = await newUser(emulator());
    const second = await newUser(emulator());
    const { api, opened } = makeApi();
    // Signed in, but the token never reached the worker (e.g. offline start): the write stays local.
    await api.start(start(first.id, null));
    const planned = await planWorkout(
      { db: opened.get(first.id)!, userId: first.id },
      { type: 'strength', date: dayFromToday(14), title: 'first user' },
    );
    if (!planned.ok) throw new Error('plan failed');

    await api.start(start(second.id, second.token));
    expect(opened.get(first.id)!.closed).toBe(true);
    await eventually(() => {
      const s = api.status();
      return s.state === 'running' && s.userId === second.id && s.lastSyncedAt !== null;
    });
    const secondDb = opened.get(second.id)!;
    expect(await secondDb.workouts.find().exec()).toHaveLength(0);
    const server = await emulator().engine.query(`select user_id from public.workouts where id = $1`, [
      planned.value.id,
    ]);
    expect(server.rows).toHaveLength(0);

    // Back as the first user: the write goes out under the first user.
    await api.start(start(first.id, first.token));
    await eventually(async () => {
      const rows = await emulator().engine.query<{ user_id: string }>(
        `select user_id from public.workouts where id = $1`,
        [planned.value.id],
      );
      return rows.rows.length === 1 && rows.rows[0]!.user_id === first.id;
    });
    await api.dispose();
  });

  it('reports status to subscribers and answers RPCs as values', async () => {
    const user = await newUser(emulator());
    const { api } = makeApi();
    const seen: WorkerStatus[] = [];
    const unsubscribe = api.subscribe((s) => seen.push(s));
    expect(seen[0]).toEqual({ state: 'idle' });
    expect(await api.rpc('get_daily_challenge', { p_date: dayFromToday(-4) })).toMatchObject({
      ok: false,
      error: { code: 'not_started' },
    });
    await api.start(start(user.id, user.token));
    await eventually(() =>
      seen.some((s) => s.state === 'running' && s.leader && s.realtime === 'subscribed'),
    );
    await eventually(() => seen.some((s) => s.state === 'running' && s.counts?.unreadNotifications === 0));
    const ok = await api.rpc('discover_people', { p_limit: 5 });
    expect(ok.ok).toBe(true);
    const refused = await api.rpc('send_friend_request', { p_receiver_id: user.id });
    expect(refused).toMatchObject({ ok: false, error: { code: 'SPF01' } });
    unsubscribe();
    const count = seen.length;
    api.syncNow();
    await api.stop();
    expect(seen).toHaveLength(count);
    expect(api.status()).toEqual({ state: 'idle' });
    await api.dispose();
  });
});
