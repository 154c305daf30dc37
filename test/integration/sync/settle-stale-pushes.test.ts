// @clock-sensitive: days from today, stale by the clock
/**
 * Stale push entries (sync-worker/core/settle-stale-pushes.ts) against the emulator, real supabase-js
 * and real RxDB: an entry whose document equals the server's row is settled by reading the row (deleted
 * rows too); an entry whose document differs, or whose row the server does not have, stays for the
 * push. In a running session the replication's idle hook settles a stale entry by itself.
 */
import WebSocket from 'ws';
import { afterEach, expect, it } from 'vitest';
import { deleteWorkout, editWorkout, planWorkout } from '../../../src/db/commands/workouts';
import { readPending, recordPush } from '../../../src/db/pending-writes';
import { createSyncClient } from '../../../sync-worker/core/client';
import { collectionSync } from '../../../sync-worker/core/collections';
import { SyncGate } from '../../../sync-worker/core/gate';
import { settleStalePushes } from '../../../sync-worker/core/settle-stale-pushes';
import { describeEachEmulator } from '../../support/emulator';
import { eventually, newUser, openDevice, type Device } from './support';
import { dayFromToday } from '../../support/clock/days';

describeEachEmulator('settle stale push entries', (suite) => {
  const emulator = () => suite.emulator();
  const devices: Device[] = [];
  afterEach(async () => {
    for (const d of devices.splice(0)) await d.close();
  });

  const pendingKeys = async (d: Device) => Object.keys((await readPending(d.db)).entries).sort();
  const synced = async (d: Device) => {
    await eventually(async () => (await pendingKeys(d)).length === 0, 15_000, 'ledger empty');
  };

  /** A client and gate of our own, with requests counted, beside a stopped session. */
  function clientFor(token: string) {
    const gate = new SyncGate();
    gate.setToken(token);
    const requests: string[] = [];
    const client = createSyncClient({
      url: emulator().url,
      anonKey: emulator().status.ANON_KEY,
      getToken: () => gate.token,
      transport: WebSocket as never,
      fetch: (input, init) => {
        requests.push(`${init?.method ?? 'GET'} ${String(input instanceof Request ? input.url : input)}`);
        return fetch(input, init);
      },
    });
    return { gate, client, requests };
  }

  it('settles entries equal to the server (live and deleted rows), keeps the others, one request', async () => {
    const user = await newUser(emulator());
    const device = await openDevice(emulator(), user.id, { token: user.token });
    devices.push(device);
    const ctx = { db: device.db, userId: user.id };
    const a = await planWorkout(ctx, { type: 'strength', date: dayFromToday(5), title: 'A' });
    const b = await planWorkout(ctx, { type: 'yoga', date: dayFromToday(6), title: 'B' });
    const c = await planWorkout(ctx, { type: 'hiit', date: dayFromToday(7), title: 'C' });
    if (!a.ok || !b.ok || !c.ok) throw new Error('plan failed');
    await deleteWorkout(ctx, c.value.id);
    await synced(device);
    await device.stop();

    // Stale: entries recorded again for documents that equal the server's rows (c deleted on both).
    const now = new Date();
    await recordPush(device.db, 'workouts', a.value.id, now);
    await recordPush(device.db, 'workouts', c.value.id, now);
    // Not stale: b edited locally (the server has the old title), d never reached the server.
    await editWorkout(ctx, b.value.id, { title: 'B edited' });
    const d = await planWorkout(ctx, { type: 'cardio', date: dayFromToday(8) });
    if (!d.ok) throw new Error('plan failed');

    const { gate, client, requests } = clientFor(user.token);
    const sync = collectionSync('workouts', user.id);
    const settled = await settleStalePushes({ db: device.db, client, gate, sync });
    expect(settled.sort()).toEqual([a.value.id, c.value.id].sort());
    expect(await pendingKeys(device)).toEqual([`workouts:${b.value.id}`, `workouts:${d.value.id}`].sort());
    expect(requests).toHaveLength(1);
    expect(requests[0]).toMatch(/^GET .*\/rest\/v1\/workouts\?select=\*&id=in\./);

    // Nothing stale left: no entry settles, the pushes remain to do their work.
    expect(await settleStalePushes({ db: device.db, client, gate, sync })).toEqual([]);
  });

  it('does nothing for pull-only collections or an empty ledger', async () => {
    const user = await newUser(emulator());
    const device = await openDevice(emulator(), user.id, { token: user.token });
    devices.push(device);
    await device.stop();
    const { gate, client, requests } = clientFor(user.token);
    expect(
      await settleStalePushes({ db: device.db, client, gate, sync: collectionSync('workouts', user.id) }),
    ).toEqual([]);
    expect(
      await settleStalePushes({ db: device.db, client, gate, sync: collectionSync('xp_events', user.id) }),
    ).toEqual([]);
    expect(requests).toEqual([]);
  });

  it('a running session settles a stale entry by itself once its replication is idle', async () => {
    const user = await newUser(emulator());
    // No realtime: no echo pull arrives later to settle the entry by another way.
    const device = await openDevice(emulator(), user.id, { token: user.token, realtime: false });
    devices.push(device);
    const a = await planWorkout(
      { db: device.db, userId: user.id },
      { type: 'strength', date: dayFromToday(9) },
    );
    if (!a.ok) throw new Error('plan failed');
    await synced(device);
    // The pull has brought the pushed row back: its checkpoint is past it, a pull returns nothing more.
    device.session.syncNow();
    await device.session.awaitInSync();
    // What the convergence test saw: an entry for a document RxDB has nothing left to push for.
    await recordPush(device.db, 'workouts', a.value.id, new Date());
    expect(await pendingKeys(device)).toEqual([`workouts:${a.value.id}`]);
    await synced(device);
  });

  it('settles a stale entry while resyncs keep the replication busy (syncNow every 50 ms)', async () => {
    const user = await newUser(emulator());
    const device = await openDevice(emulator(), user.id, { token: user.token, realtime: false });
    devices.push(device);
    const a = await planWorkout(
      { db: device.db, userId: user.id },
      { type: 'strength', date: dayFromToday(10) },
    );
    if (!a.ok) throw new Error('plan failed');
    await synced(device);
    await recordPush(device.db, 'workouts', a.value.id, new Date());
    // What convergence seed 92 does while an entry remains: never a second without replication activity.
    const busy = setInterval(() => device.session.syncNow(), 50);
    try {
      await synced(device);
    } finally {
      clearInterval(busy);
    }
  });
});
