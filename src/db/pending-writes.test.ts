// @clock-sensitive: today and streaks
import { filter, firstValueFrom, timeout } from 'rxjs';
import { afterEach, describe, expect, it } from 'vitest';
import { checkIn, checkOut } from './commands/check-ins';
import { updateProfile } from './commands/profile';
import { confirmRestDay } from './commands/rest-days';
import { editWorkout, planWorkout } from './commands/workouts';
import {
  acknowledgePushed,
  dismissFailedWrite,
  entryForQueueId,
  markIntentQueued,
  markMasked,
  overlayPending,
  pending$,
  pendingEntries,
  readPending,
  recheckEntries,
  recordPush,
  recordPushError,
  recordPushRejected,
  removeRecheck,
  removeSettling,
  settleIntent,
  settlingEntries,
} from './pending-writes';
import { cleanupDatabases, openTestDatabase } from '../../test/support/browser/test-database';
import { ROWS, USER } from '../../test/support/browser/db-fixtures';

const NOW = new Date('2026-11-22T12:00:00.000Z');
afterEach(cleanupDatabases);

/** The rows due to be read again, without which request each is. */
const rowsDue = (state: Awaited<ReturnType<typeof readPending>>) =>
  recheckEntries(state).map(({ collection, doc_id }) => ({ collection, doc_id }));

async function setup(collections = ['profiles', 'workouts', 'rest_days', 'check_ins'] as const) {
  const db = await openTestDatabase({ userId: USER, collections });
  await db.profiles.insert(ROWS.profiles);
  return { db, ctx: { db, userId: USER, now: () => NOW } };
}

describe('push entries', () => {
  it('are cleared when the pushed state is the current one, kept when edited in flight', async () => {
    const { db, ctx } = await setup();
    const a = await planWorkout(ctx, { type: 'yoga', date: '2026-11-23' });
    const b = await planWorkout(ctx, { type: 'hiit', date: '2026-11-24' });
    if (!a.ok || !b.ok) throw new Error('plan failed');
    // The worker's push handler took both states...
    const sent = [a.value, b.value].map((v) => ({ ...v, _deleted: false }));
    // ...and b is edited before the server answers.
    await editWorkout(ctx, b.value.id, { notes: 'edited while pushing' });
    await acknowledgePushed(db, 'workouts', sent);
    expect(pendingEntries(await readPending(db)).map((e) => e.doc_id)).toEqual([b.value.id]);
  });

  it('record push errors as attempts with the last error, keeping the entry', async () => {
    const { db, ctx } = await setup();
    const a = await planWorkout(ctx, { type: 'yoga', date: '2026-11-23' });
    if (!a.ok) throw new Error('plan failed');
    await recordPushError(db, 'workouts', [a.value.id], { code: '503', message: 'down' }, NOW);
    await recordPushError(db, 'workouts', [a.value.id], { code: '503', message: 'down' }, NOW);
    const [e] = pendingEntries(await readPending(db));
    expect(e).toMatchObject({ attempts: 2, last_error: { code: '503', at: NOW.toISOString() } });
  });

  it('rejected by the push RPC: moved to the failures shown to the user', async () => {
    const { db, ctx } = await setup();
    const a = await planWorkout(ctx, { type: 'yoga', date: '2026-11-23' });
    if (!a.ok) throw new Error('plan failed');
    await recordPushRejected(db, 'workouts', [{ id: a.value.id, code: '23514', message: 'check' }], NOW);
    const state = await readPending(db);
    expect(pendingEntries(state)).toEqual([]);
    expect(state.failed).toMatchObject([{ key: `workouts:${a.value.id}`, error: { code: '23514' } }]);
    expect(await db.workouts.findOne(a.value.id).exec()).not.toBeNull();
  });

  it('survive concurrent writers in two instances (the page and the worker)', async () => {
    const page = await openTestDatabase({ userId: USER, collections: ['workouts'] });
    const worker = await openTestDatabase({
      userId: USER,
      collections: ['workouts'],
      ignoreDuplicate: true,
    });
    await Promise.all(
      Array.from({ length: 20 }, (_, i) => recordPush(i % 2 ? page : worker, 'workouts', `doc-${i}`, NOW)),
    );
    // Every write is based on the stored state (revision conflicts re-run the change), so none is
    // lost; each instance sees the other's last writes once their change events have arrived.
    for (const db of [page, worker]) {
      const state = await firstValueFrom(
        pending$(db).pipe(
          filter((s) => Object.keys(s.entries).length === 20),
          timeout(2000),
        ),
      );
      expect(new Set(Object.values(state.entries).map((e) => e.seq)).size).toBe(20);
    }
  });
});

describe('intent entries', () => {
  it('applied: cleared only for the latest write of the entry', async () => {
    const { db, ctx } = await setup();
    await updateProfile(ctx, { visibility: 'public' });
    const first = pendingEntries(await readPending(db))[0];
    if (!first) throw new Error('no entry');
    await updateProfile(ctx, { first_name: 'Lena M.' });
    // The answer to the first request arrives: the second change is still to be sent.
    await settleIntent(db, first.key, first.seq, { status: 'applied' }, NOW);
    const [still] = pendingEntries(await readPending(db));
    expect(still?.request).toMatchObject({ values: { visibility: 'public', first_name: 'Lena M.' } });
    if (!still) throw new Error('no entry');
    await settleIntent(db, still.key, still.seq, { status: 'applied' }, NOW);
    expect(pendingEntries(await readPending(db))).toEqual([]);
  });

  it('retry: stays pending with attempts and the error', async () => {
    const { db, ctx } = await setup();
    await confirmRestDay(ctx);
    const [e] = pendingEntries(await readPending(db));
    if (!e) throw new Error('no entry');
    await settleIntent(db, e.key, e.seq, { status: 'retry', code: 'queued', message: 'offline' }, NOW);
    expect(pendingEntries(await readPending(db))[0]).toMatchObject({
      attempts: 1,
      last_error: { code: 'queued' },
    });
  });

  it('refused: rolls back a created document and an update, and keeps the failure until dismissed', async () => {
    const { db, ctx } = await setup();
    const checked = await checkIn(ctx, { gym_id: 'closed-gym' });
    if (!checked.ok) throw new Error('check in failed');
    await updateProfile(ctx, { visibility: 'public' });
    for (const e of pendingEntries(await readPending(db))) {
      await settleIntent(
        db,
        e.key,
        e.seq,
        { status: 'refused', code: 'SPG01', message: 'Gym not found' },
        NOW,
      );
    }
    expect(await db.check_ins.findOne(checked.value.id).exec()).toBeNull();
    expect((await db.profiles.findOne(USER).exec())?.visibility).toBe('friends');
    const state = await readPending(db);
    expect(pendingEntries(state)).toEqual([]);
    expect(state.failed.map((f) => f.error.code)).toEqual(['SPG01', 'SPG01']);
    await dismissFailedWrite(db, `check_in:${checked.value.id}`);
    expect((await readPending(db)).failed).toHaveLength(1);
  });

  it('queued by the service worker: found by queue id, cleared by a newer write', async () => {
    const { db, ctx } = await setup();
    await confirmRestDay(ctx);
    const [e] = pendingEntries(await readPending(db));
    if (!e) throw new Error('no entry');
    await markIntentQueued(db, e.key, e.seq, 'q-1');
    const state = await readPending(db);
    expect(entryForQueueId(state, 'q-1')?.key).toBe(e.key);
    await settleIntent(db, e.key, e.seq, { status: 'applied' }, NOW);
    expect(entryForQueueId(await readPending(db), 'q-1')).toBeUndefined();
  });

  it('overlay pending patches on pulled rows until the intent is applied', async () => {
    const { db, ctx } = await setup();
    const checked = await checkIn(ctx, { gym_id: 'fitx-berlin-mitte' });
    if (!checked.ok) throw new Error('check in failed');
    await checkOut(ctx);
    const pulled = { ...checked.value, checked_out_at: null, created_at: '2026-11-22T12:00:00+00:00' };
    const state = await readPending(db);
    expect(overlayPending(state, 'check_ins', pulled).checked_out_at).toBe(NOW.toISOString());
    expect(overlayPending(state, 'profiles', pulled as never)).toBe(pulled);
  });
});

describe('masked rows (a pull laid a pending patch over them)', () => {
  it('are read again once their intent settles, applied or refused, or at once when it already went', async () => {
    const { db, ctx } = await setup();
    await updateProfile(ctx, { visibility: 'public' });
    const checked = await checkIn(ctx, { gym_id: 'fitx-berlin-mitte' });
    if (!checked.ok) throw new Error('check in failed');
    const [profile, checkInEntry] = pendingEntries(await readPending(db));
    if (!profile || !checkInEntry) throw new Error('no entries');
    await markMasked(db, [profile, checkInEntry]);
    // A newer write of the same entry keeps the mark; nothing is due while the entries are pending.
    await updateProfile(ctx, { first_name: 'Lena M.' });
    const state = await readPending(db);
    expect(pendingEntries(state).map((e) => e.masked)).toEqual([true, true]);
    expect(recheckEntries(state)).toEqual([]);

    const latest = state.entries[profile.key]!;
    await settleIntent(db, latest.key, latest.seq, { status: 'applied' }, NOW);
    await settleIntent(
      db,
      checkInEntry.key,
      checkInEntry.seq,
      { status: 'refused', code: 'x', message: 'x' },
      NOW,
    );
    expect(rowsDue(await readPending(db))).toEqual([
      { collection: 'profiles', doc_id: USER },
      { collection: 'check_ins', doc_id: checked.value.id },
    ]);
    await removeRecheck(db, [{ collection: 'profiles', doc_id: USER }]);
    expect(rowsDue(await readPending(db))).toEqual([{ collection: 'check_ins', doc_id: checked.value.id }]);
    // The overlay read the ledger just before the entry settled: the row is due at once.
    await markMasked(db, [{ key: 'rest_day:gone', collection: 'rest_days', doc_id: 'r1' }]);
    expect(rowsDue(await readPending(db))).toContainEqual({ collection: 'rest_days', doc_id: 'r1' });
  });

  it('an unmasked entry settles without a read', async () => {
    const { db, ctx } = await setup();
    await updateProfile(ctx, { visibility: 'public' });
    const [e] = pendingEntries(await readPending(db));
    if (!e) throw new Error('no entry');
    await settleIntent(db, e.key, e.seq, { status: 'applied' }, NOW);
    expect(recheckEntries(await readPending(db))).toEqual([]);
  });
});

describe('refused intents', () => {
  it('have their row read again after the rollback, though no pull was seen hiding it', async () => {
    const { db, ctx } = await setup();
    await updateProfile(ctx, { visibility: 'public' });
    const [entry] = pendingEntries(await readPending(db));
    if (!entry) throw new Error('no entry');
    expect(entry.masked).toBeUndefined();
    // A pull wrote the server's newer row after the command read `previous`, and the command's patch
    // went over it: nothing marked the row as hidden.
    await settleIntent(db, entry.key, entry.seq, { status: 'refused', code: 'x', message: 'x' }, NOW);
    expect((await db.profiles.findOne(USER).exec())?.visibility).toBe('friends');
    expect(rowsDue(await readPending(db))).toEqual([{ collection: 'profiles', doc_id: USER }]);
  });

  it('are asked for again after the rollback: a read begun before it does not clear that', async () => {
    const { db, ctx } = await setup();
    await updateProfile(ctx, { visibility: 'public' });
    const [entry] = pendingEntries(await readPending(db));
    if (!entry) throw new Error('no entry');
    // The recheck pass reads the ledger while the settle is between its record and its rollback...
    const seen: ReturnType<typeof recheckEntries>[] = [];
    const sub = pending$(db).subscribe((s) => seen.push(recheckEntries(s)));
    await settleIntent(db, entry.key, entry.seq, { status: 'refused', code: 'x', message: 'x' }, NOW);
    sub.unsubscribe();
    const first = seen.find((rows) => rows.length > 0);
    if (!first) throw new Error('the row was never asked for');
    // ...reads the server's row, which the rollback then overwrites: clearing its request leaves the one
    // made after the rollback.
    await removeRecheck(db, first);
    expect(rowsDue(await readPending(db))).toEqual([{ collection: 'profiles', doc_id: USER }]);
    await removeRecheck(db, recheckEntries(await readPending(db)));
    expect(recheckEntries(await readPending(db))).toEqual([]);
  });
});

describe('rows an intent created', () => {
  it("are read again once applied: the server may have kept another device's row instead", async () => {
    const { db, ctx } = await setup();
    const checked = await checkIn(ctx, { gym_id: 'fitx-berlin-mitte' });
    if (!checked.ok) throw new Error('check in failed');
    const [created] = pendingEntries(await readPending(db));
    if (!created) throw new Error('no entry');
    expect(created.previous).toBeNull();
    await settleIntent(db, created.key, created.seq, { status: 'applied' }, NOW);
    expect(rowsDue(await readPending(db))).toEqual([{ collection: 'check_ins', doc_id: checked.value.id }]);
  });
});

describe('rows an intent touched (a check-in ends the open one)', () => {
  it('are read again once it settles, applied or refused', async () => {
    const { db, ctx } = await setup();
    const first = await checkIn(ctx, { gym_id: 'fitx-berlin-mitte' });
    if (!first.ok) throw new Error('check in failed');
    const [firstEntry] = pendingEntries(await readPending(db));
    await settleIntent(db, firstEntry!.key, firstEntry!.seq, { status: 'applied' }, NOW);
    await removeRecheck(db, recheckEntries(await readPending(db)));

    const second = await checkIn(ctx, { gym_id: 'mcfit-berlin-alex' });
    const third = await checkIn(ctx, { gym_id: 'fitx-berlin-mitte' });
    if (!second.ok || !third.ok) throw new Error('check in failed');
    const [secondEntry, thirdEntry] = pendingEntries(await readPending(db));
    expect(secondEntry!.touched).toEqual([first.value.id]);
    expect(thirdEntry!.touched).toEqual([second.value.id]);
    expect(recheckEntries(await readPending(db))).toEqual([]);

    await settleIntent(db, secondEntry!.key, secondEntry!.seq, { status: 'applied' }, NOW);
    expect(rowsDue(await readPending(db))).toEqual([
      { collection: 'check_ins', doc_id: second.value.id },
      { collection: 'check_ins', doc_id: first.value.id },
    ]);
    await removeRecheck(db, recheckEntries(await readPending(db)));
    await settleIntent(
      db,
      thirdEntry!.key,
      thirdEntry!.seq,
      { status: 'refused', code: 'x', message: 'x' },
      NOW,
    );
    expect(rowsDue(await readPending(db))).toEqual([
      { collection: 'check_ins', doc_id: third.value.id },
      { collection: 'check_ins', doc_id: second.value.id },
    ]);
  });
});

describe('settling entries (acknowledged, effects not pulled yet)', () => {
  it('acknowledged writes that move progression settle; others go; removeSettling forgets them', async () => {
    const { db, ctx } = await setup();
    const planned = await planWorkout(ctx, { type: 'yoga', date: '2026-11-23' });
    const rest = await confirmRestDay(ctx, { day: '2026-11-22' });
    if (!planned.ok || !rest.ok) throw new Error('write failed');
    await checkIn(ctx, { gym_id: 'fitx-berlin-mitte' });
    const later = new Date('2026-11-22T12:00:05.000Z');
    await acknowledgePushed(db, 'workouts', [{ ...planned.value, _deleted: false }], later);
    for (const e of pendingEntries(await readPending(db))) {
      await settleIntent(db, e.key, e.seq, { status: 'applied' }, later);
    }
    const state = await readPending(db);
    // Nothing is pending any more (the sync status counts `entries` only)...
    expect(pendingEntries(state)).toEqual([]);
    // ...but the workout and the rest day wait for their pulled effects; the check-in is simply gone.
    expect(settlingEntries(state).map((e) => [e.collection, e.doc_id, e.acknowledged_at])).toEqual([
      ['workouts', planned.value.id, later.toISOString()],
      ['rest_days', rest.value.id, later.toISOString()],
    ]);
    await removeSettling(db, [`workouts:${planned.value.id}`, 'not-there']);
    expect(settlingEntries(await readPending(db)).map((e) => e.collection)).toEqual(['rest_days']);
  });
});
