// @clock-sensitive: wall-clock timestamps
import { BehaviorSubject, filter, firstValueFrom } from 'rxjs';
import { afterEach, describe, expect, it } from 'vitest';
import { checkIn } from './commands/check-ins';
import { planWorkout } from './commands/workouts';
import { updateSyncMeta } from './local-state';
import { acknowledgePushed, emptyPendingState, readPending, settleIntent } from './pending-writes';
import { computeSyncStatus, online$, syncStatus$, type QueuedRequest, type SyncStatus } from './sync-status';
import { cleanupDatabases, openTestDatabase } from '../../test/support/browser/test-database';
import { USER } from '../../test/support/browser/db-fixtures';

afterEach(cleanupDatabases);

const T1 = new Date('2026-11-22T10:00:00.000Z');
const T2 = new Date('2026-11-22T10:05:00.000Z');

describe('computeSyncStatus', () => {
  it('is synced with nothing pending and offline when offline', () => {
    const input = {
      online: true,
      pending: emptyPendingState(),
      meta: { last_synced_at: T1.toISOString(), last_error: null },
      queued: [],
    };
    expect(computeSyncStatus(input)).toMatchObject({
      state: 'synced',
      pendingWrites: 0,
      pendingSince: null,
      lastSyncedAt: T1.toISOString(),
    });
    expect(computeSyncStatus({ ...input, online: false }).state).toBe('offline');
  });
});

describe('syncStatus$', () => {
  it('reports what is pending since when, queued requests, last sync and errors, live', async () => {
    const db = await openTestDatabase({ userId: USER, collections: ['workouts', 'check_ins'] });
    const online = new BehaviorSubject(false);
    const queued = new BehaviorSubject<readonly QueuedRequest[]>([]);
    const status$ = syncStatus$(db, { online, queue: { queued$: queued } });
    const when = (pred: (s: SyncStatus) => boolean) => firstValueFrom(status$.pipe(filter(pred)));

    const planned = await planWorkout(
      { db, userId: USER, now: () => T1 },
      { type: 'yoga', date: '2026-11-23' },
    );
    await checkIn({ db, userId: USER, now: () => T2 }, { gym_id: 'fitx-berlin-mitte' });
    queued.next([{ id: '1', method: 'POST', url: '/rest/v1/rpc/check_in', queued_at: T2.toISOString() }]);
    const offline = await when((s) => s.pendingWrites === 2 && s.queuedRequests === 1);
    expect(offline).toMatchObject({
      state: 'offline',
      online: false,
      pendingSince: T1.toISOString(),
      pendingByCollection: { workouts: 1, check_ins: 1 },
      queuedSince: T2.toISOString(),
      lastSyncedAt: null,
    });
    expect(offline.items.map((i) => [i.operation, i.since])).toEqual([
      ['push', T1.toISOString()],
      ['check_in', T2.toISOString()],
    ]);

    online.next(true);
    await updateSyncMeta(db, {
      last_error: { code: 'RC_PULL', message: 'fetch failed', at: T2.toISOString() },
    });
    expect(await when((s) => s.online && s.lastError !== null)).toMatchObject({
      state: 'error',
      lastError: { code: 'RC_PULL' },
    });

    // The worker pushes, the intent is applied, the queue drains, a sync completes.
    if (!planned.ok) throw new Error('plan failed');
    await acknowledgePushed(db, 'workouts', [{ ...planned.value, _deleted: false }]);
    for (const e of Object.values((await readPending(db)).entries)) {
      await settleIntent(db, e.key, e.seq, { status: 'applied' }, T2);
    }
    queued.next([]);
    await updateSyncMeta(db, { last_synced_at: T2.toISOString(), last_error: null });
    expect(await when((s) => s.state === 'synced')).toMatchObject({
      pendingWrites: 0,
      queuedRequests: 0,
      lastSyncedAt: T2.toISOString(),
      lastError: null,
      items: [],
    });
  });

  it('shows refused writes until dismissed', async () => {
    const db = await openTestDatabase({ userId: USER, collections: ['check_ins'] });
    await checkIn({ db, userId: USER, now: () => T1 }, { gym_id: 'closed-gym' });
    const [entry] = Object.values((await readPending(db)).entries);
    if (!entry) throw new Error('no entry');
    await settleIntent(
      db,
      entry.key,
      entry.seq,
      { status: 'refused', code: 'SPG01', message: 'Gym not found' },
      T2,
    );
    const s = await firstValueFrom(
      syncStatus$(db, { online: new BehaviorSubject(true) }).pipe(filter((x) => x.failedWrites.length > 0)),
    );
    expect(s).toMatchObject({
      state: 'error',
      pendingWrites: 0,
      failedWrites: [{ error: { code: 'SPG01' } }],
    });
  });
});

describe('online$', () => {
  it('follows online/offline events', () => {
    const target = new EventTarget();
    let onLine = true;
    const seen: boolean[] = [];
    const sub = online$(target, () => onLine).subscribe((v) => seen.push(v));
    onLine = false;
    target.dispatchEvent(new Event('offline'));
    target.dispatchEvent(new Event('offline'));
    onLine = true;
    target.dispatchEvent(new Event('online'));
    sub.unsubscribe();
    expect(seen).toEqual([true, false, true]);
  });
});
