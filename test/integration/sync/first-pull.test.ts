/**
 * A new device's first pull (sync-worker/core/first-pull.ts) against the emulator, real supabase-js and
 * real RxDB: full pages go straight to storage, the last page through RxDB, and the result behaves
 * exactly like RxDB's own pull afterwards: server changes arrive, local edits push once with the server
 * state they started from as the base (so a concurrent edit of another field on another device is
 * merged, not reverted), nothing is pushed back, and a device that already holds documents pulls as
 * before.
 */
import { afterEach, expect, it } from 'vitest';
import { editWorkout, planWorkout } from '../../../src/db/commands/workouts';
import { syncMeta$, type SyncMeta } from '../../../src/db/local-state';
import { readPending } from '../../../src/db/pending-writes';
import { describeEachEmulator } from '../../support/emulator';
import { eventually, newUser, openDevice, type Device } from './support';
import { dayFromToday } from '../../support/clock/days';

const PAGE = 10;

describeEachEmulator('first pull of a new device', (suite) => {
  const emulator = () => suite.emulator();
  const devices: Device[] = [];
  afterEach(async () => {
    for (const d of devices.splice(0)) await d.close();
  });

  /** The id of the user's n-th seeded workout (ids are unique across users). */
  let prefix = '';
  const id = (n: number) => `${prefix}-${String(n).padStart(3, '0')}`;

  /** `count` workouts of the user on the server, `id(1)`…, the 7th of them deleted. */
  async function seed(userId: string, count: number): Promise<void> {
    prefix = `first-${userId.slice(0, 8)}`;
    // Inserted deleted (not updated later), so it stays in the first page's place.
    await emulator().engine.query(
      `insert into public.workouts (id, user_id, type, date, title, created_at, _deleted)
       select $3 || '-' || lpad(i::text, 3, '0'), $1, 'strength', date '2026-06-01' + i, 'w' || i, now(), i = 7
       from generate_series(1, $2::int) i`,
      [userId, count, prefix],
    );
  }

  const serverRow = async (id: string) =>
    (
      await emulator().engine.query<{ title: string; notes: string | null; _deleted: boolean }>(
        `select title, notes, _deleted from public.workouts where id = $1`,
        [id],
      )
    ).rows[0];

  /** Push RPC calls and pull requests this device makes. */
  function counting() {
    const calls: string[] = [];
    const fetchCounted: typeof fetch = (input, init) => {
      const url = String(input instanceof Request ? input.url : input);
      if (url.includes('/rpc/push_workouts')) calls.push('push');
      else if (/\/rest\/v1\/workouts\?/.test(url)) calls.push('pull');
      return fetch(input, init);
    };
    return { calls, fetch: fetchCounted };
  }

  const open = (userId: string, token: string, extra: Parameters<typeof openDevice>[2] = {}) =>
    openDevice(emulator(), userId, {
      token,
      collections: ['workouts'],
      realtime: false,
      ...extra,
      session: { pullBatchSize: PAGE, resyncIntervalMs: 600_000, ...extra.session },
    });

  /** A new user with 25 workouts on the server (one deleted) and a new device that pulled them. */
  async function pulledDevice(extra: Parameters<typeof openDevice>[2] = {}) {
    const user = await newUser(emulator());
    await seed(user.id, 25);
    const device = await open(user.id, user.token, extra);
    devices.push(device);
    await eventually(async () => (await device.db.workouts.count().exec()) === 24, 15_000, '24 workouts');
    return { user, device };
  }

  it('writes full pages to storage, hands the last page to RxDB, pushes nothing back', async () => {
    const net = counting();
    const { user, device } = await pulledDevice({ fetch: net.fetch });
    await device.session.awaitInSync();

    const stored = await device.db.workouts.storageInstance.findDocumentsById([id(1), id(25), id(7)], true);
    const byId = new Map(stored.map((d) => [d.id, d]));
    // Written by the first pull: marked as the replication's own first revision, no base kept (only a
    // local edit records one). The last page went through RxDB, whose inserts carry no marker.
    const meta = (n: number) => byId.get(id(n))?._meta as { o?: { _rev: number }; b?: unknown };
    expect(meta(1).o?._rev).toBe(1);
    expect(meta(1).b).toBeUndefined();
    expect(meta(25).o).toBeUndefined();
    // The deleted row was never written.
    expect(byId.has(id(7))).toBe(false);
    // Three pages (10, 10, 5) and not a single push: the pulled documents are not local writes.
    expect(net.calls.filter((c) => c === 'pull').length).toBe(3);
    expect(net.calls).not.toContain('push');
    expect(Object.keys((await readPending(device.db)).entries)).toEqual([]);

    // A restart (a new worker) neither pulls from scratch nor pushes the documents back.
    net.calls.length = 0;
    await device.restart(user.token);
    await device.session.awaitInSync();
    expect(net.calls).not.toContain('push');
    expect(net.calls.filter((c) => c === 'pull').length).toBe(1);
  });

  it('records how far the first pull got, collection by collection, and clears it when every one is in', async () => {
    const user = await newUser(emulator());
    await seed(user.id, 25);
    const device = await open(user.id, user.token, {
      collections: ['workouts', 'user_settings', 'xp_events'],
    });
    devices.push(device);
    const seen: SyncMeta[] = [];
    const sub = syncMeta$(device.db).subscribe((meta) => seen.push(meta));
    await eventually(() => seen.some((m) => m.last_synced_at !== null), 15_000, 'the first sync');
    sub.unsubscribe();
    const progress = seen.flatMap((m) => (m.first_pull ? [m.first_pull] : []));
    expect(progress.length).toBeGreaterThan(0);
    expect(progress.every((p) => p.total === 3 && p.done >= 1 && p.done < 3)).toBe(true);
    expect(progress.map((p) => p.done)).toEqual([...progress.map((p) => p.done)].sort((a, b) => a - b));
    expect(seen.at(-1)).toMatchObject({ first_pull: null });
    expect(seen.at(-1)?.last_synced_at).not.toBeNull();
  });

  it('rows that fill the pages exactly: the checkpoint is stored, a restart does not pull from scratch', async () => {
    const user = await newUser(emulator());
    await seed(user.id, 20); // pages of 10, 10 and an empty one (19 live rows: the 7th is deleted)
    const net = counting();
    const device = await open(user.id, user.token, { fetch: net.fetch });
    devices.push(device);
    await eventually(async () => (await device.db.workouts.count().exec()) === 19, 15_000, '19 workouts');
    await device.session.awaitInSync();
    net.calls.length = 0;
    await device.restart(user.token);
    await device.session.awaitInSync();
    expect(net.calls).toEqual(['pull']);
  });

  it('server changes to first-pulled documents arrive; a local edit pushes once with its base', async () => {
    const { user, device } = await pulledDevice();

    // Another device changes first-002 (its server row moves past the checkpoint): the pull applies it
    // instead of taking the first-pulled document for an unpushed local edit.
    await emulator().engine.query(`update public.workouts set title = 'renamed' where id = $1`, [id(2)]);
    await emulator().engine.query(`update public.workouts set _deleted = true where id = $1`, [id(3)]);
    device.session.syncNow();
    await eventually(
      async () => (await device.db.workouts.findOne(id(2)).exec())?.title === 'renamed',
      15_000,
      'server edit pulled',
    );
    await eventually(async () => (await device.db.workouts.findOne(id(3)).exec()) === null, 15_000, 'delete');

    // A local edit of a first-pulled document the server never changed: applied, no conflict.
    const edited = await editWorkout({ db: device.db, userId: user.id }, id(4), {
      notes: 'felt strong',
    });
    expect(edited.ok).toBe(true);
    await eventually(async () => (await serverRow(id(4)))?.notes === 'felt strong', 15_000, 'pushed');
    expect((await serverRow(id(4)))?.title).toBe('w4');
    // The edit recorded the pulled state it started from, which the push used as its base.
    const [stored4] = await device.db.workouts.storageInstance.findDocumentsById([id(4)], true);
    expect((stored4?._meta as { b?: { title: string; notes?: string | null } }).b).toMatchObject({
      title: 'w4',
      notes: null,
    });
    await eventually(
      async () => Object.keys((await readPending(device.db)).entries).length === 0,
      15_000,
      'acked',
    );
  });

  it('an edit made offline merges with a concurrent edit of another field (the base is the first pull)', async () => {
    const { user, device } = await pulledDevice();
    await device.session.awaitInSync();
    await device.stop();

    // Meanwhile another device renames first-005 (and this one has not pulled it) ...
    const other = await open(user.id, user.token);
    devices.push(other);
    await eventually(async () => (await other.db.workouts.count().exec()) === 24, 15_000, 'other device');
    const renamed = await editWorkout({ db: other.db, userId: user.id }, id(5), { title: 'Leg day' });
    expect(renamed.ok).toBe(true);
    await eventually(async () => (await serverRow(id(5)))?.title === 'Leg day', 15_000, 'rename pushed');

    // ... while this device, offline, adds notes to the document its first pull wrote.
    const noted = await editWorkout({ db: device.db, userId: user.id }, id(5), { notes: 'new PR' });
    expect(noted.ok).toBe(true);
    await device.restart(user.token);

    // The three-way merge keeps both: the other device's title, this device's notes, on both sides.
    await eventually(async () => (await serverRow(id(5)))?.notes === 'new PR', 15_000, 'notes pushed');
    expect(await serverRow(id(5))).toMatchObject({
      title: 'Leg day',
      notes: 'new PR',
      _deleted: false,
    });
    await eventually(
      async () => (await device.db.workouts.findOne(id(5)).exec())?.title === 'Leg day',
      15_000,
      'merged locally',
    );
  });

  it('a device that already holds documents pulls through RxDB as before', async () => {
    const user = await newUser(emulator());
    const device = await open(user.id, user.token);
    devices.push(device);
    await device.session.awaitInSync();
    await device.stop();
    // A local write first, then the server fills up: the storage is not empty, so no first pull.
    const planned = await planWorkout(
      { db: device.db, userId: user.id },
      { type: 'yoga', date: dayFromToday(28) },
    );
    expect(planned.ok).toBe(true);
    await seed(user.id, 25);
    await device.restart(user.token);
    await eventually(async () => (await device.db.workouts.count().exec()) === 25, 15_000, '25 workouts');
    const stored = await device.db.workouts.storageInstance.findDocumentsById([id(1)], true);
    expect((stored[0]?._meta as { b?: unknown }).b).toBeUndefined();
  });
});
