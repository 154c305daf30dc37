// @clock-sensitive: wall-clock timestamps
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { joinStatusOf } from '../join-status';
import { pendingEntries, readPending, settleIntent } from '../pending-writes';
import { cleanupDatabases, openTestDatabase } from '../../../test/support/browser/test-database';
import { FRIEND, USER } from '../../../test/support/browser/db-fixtures';
import type { SpotterDatabase } from '../types';
import type { CommandContext } from './context';
import { joinAnswerKey, joinRequestKey, requestJoinWorkout, respondJoinRequest } from './join';

const NOW = new Date();
const FRIENDS_WORKOUT = { workout_id: 'w-friend-1', owner_id: FRIEND, date: '2030-01-02', time: '18:00:00' };
let db: SpotterDatabase;
let ctx: CommandContext;

beforeEach(async () => {
  db = await openTestDatabase({ userId: USER, collections: ['workouts', 'workout_join_requests'] });
  ctx = { db, userId: USER, now: () => NOW };
});
afterEach(cleanupDatabases);

const myWorkout = (id: string, time: string | null) =>
  db.workouts.insert({
    id,
    user_id: USER,
    type: 'strength',
    preset: null,
    title: null,
    date: FRIENDS_WORKOUT.date,
    time,
    duration_min: 60,
    notes: null,
    reminder_min: null,
    joined_from: null,
    created_at: NOW.toISOString(),
  });

describe('requestJoinWorkout', () => {
  it('shows the request at once and records one request_join_workout intent with a client id', async () => {
    const r = await requestJoinWorkout(ctx, FRIENDS_WORKOUT);
    expect(r).toMatchObject({ ok: true, value: { kind: 'requested', request: { status: 'pending' } } });
    const local = await db.workout_join_requests.find().exec();
    expect(local.map((d) => d.toJSON())).toMatchObject([
      { workout_id: 'w-friend-1', requester_id: USER, owner_id: FRIEND, status: 'pending' },
    ]);
    const entries = pendingEntries(await readPending(db));
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      key: joinRequestKey('w-friend-1'),
      collection: 'workout_join_requests',
      doc_id: local[0]!.id,
      request: {
        type: 'rpc',
        fn: 'request_join_workout',
        args: { p_id: local[0]!.id, p_workout_id: 'w-friend-1', p_replace_workout_id: null },
      },
      previous: null,
    });
    expect(joinStatusOf(local[0]!.toJSON(), false)).toBe('joining');
  });

  it('a second tap returns the same request and records nothing more', async () => {
    const first = await requestJoinWorkout(ctx, FRIENDS_WORKOUT);
    const again = await requestJoinWorkout(ctx, FRIENDS_WORKOUT);
    expect(again).toEqual(first);
    expect(pendingEntries(await readPending(db))).toHaveLength(1);
    expect(await db.workout_join_requests.count().exec()).toBe(1);
  });

  it('answers a clash with my workout at the same time without writing, then replaces it when asked', async () => {
    await myWorkout('w-mine-1', '18:00');
    await myWorkout('w-mine-2', '07:00');
    const r = await requestJoinWorkout(ctx, FRIENDS_WORKOUT);
    expect(r).toMatchObject({ ok: true, value: { kind: 'clash', workout: { id: 'w-mine-1' } } });
    expect(pendingEntries(await readPending(db))).toHaveLength(0);
    const replaced = await requestJoinWorkout(ctx, { ...FRIENDS_WORKOUT, replace_workout_id: 'w-mine-1' });
    expect(replaced).toMatchObject({ ok: true, value: { request: { replace_workout_id: 'w-mine-1' } } });
    const [entry] = pendingEntries(await readPending(db));
    expect(entry?.request).toMatchObject({ args: { p_replace_workout_id: 'w-mine-1' } });
  });

  it('two untimed workouts on one day clash; my own workout cannot be joined', async () => {
    await myWorkout('w-mine-untimed', null);
    expect(await requestJoinWorkout(ctx, { ...FRIENDS_WORKOUT, time: null })).toMatchObject({
      value: { kind: 'clash' },
    });
    expect(await requestJoinWorkout(ctx, { ...FRIENDS_WORKOUT, owner_id: USER })).toMatchObject({
      ok: false,
      error: { code: 'own_workout' },
    });
  });

  it('a refusal rolls the request back (the button shows Join again)', async () => {
    await requestJoinWorkout(ctx, FRIENDS_WORKOUT);
    const [entry] = pendingEntries(await readPending(db));
    await settleIntent(
      db,
      entry!.key,
      entry!.seq,
      { status: 'refused', code: 'SPW01', message: 'Workout not found' },
      NOW,
    );
    expect(await db.workout_join_requests.count().exec()).toBe(0);
    expect((await readPending(db)).failed.map((f) => f.key)).toEqual([joinRequestKey('w-friend-1')]);
  });
});

describe('respondJoinRequest', () => {
  const incoming = () =>
    db.workout_join_requests.insert({
      id: '019a8f0e-aaaa-7000-8000-000000000001',
      workout_id: 'w-mine-1',
      requester_id: FRIEND,
      owner_id: USER,
      status: 'pending',
      replace_workout_id: null,
      copy_workout_id: null,
      created_at: NOW.toISOString(),
      responded_at: null,
    });

  it('accepts at once and records one respond_join_request intent; the same answer again records nothing', async () => {
    const doc = await incoming();
    const r = await respondJoinRequest(ctx, { request_id: doc.id, accept: true });
    expect(r).toMatchObject({ ok: true, value: { status: 'accepted' } });
    await respondJoinRequest(ctx, { request_id: doc.id, accept: true });
    const entries = pendingEntries(await readPending(db));
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      key: joinAnswerKey(doc.id),
      request: { fn: 'respond_join_request', args: { p_request_id: doc.id, p_accept: true } },
      previous: { status: 'pending', responded_at: null },
    });
    expect(await respondJoinRequest(ctx, { request_id: doc.id, accept: false })).toMatchObject({
      ok: false,
      error: { code: 'join_request_not_pending' },
    });
  });

  it('a refused decline comes back as pending', async () => {
    const doc = await incoming();
    await respondJoinRequest(ctx, { request_id: doc.id, accept: false });
    const [entry] = pendingEntries(await readPending(db));
    await settleIntent(
      db,
      entry!.key,
      entry!.seq,
      { status: 'refused', code: 'SPW05', message: 'no longer pending' },
      NOW,
    );
    expect((await db.workout_join_requests.findOne(doc.id).exec())?.status).toBe('pending');
  });

  it('only the owner answers', async () => {
    const doc = await db.workout_join_requests.insert({
      id: '019a8f0e-bbbb-7000-8000-000000000001',
      workout_id: 'w-friend-1',
      requester_id: USER,
      owner_id: FRIEND,
      status: 'pending',
      replace_workout_id: null,
      copy_workout_id: null,
      created_at: NOW.toISOString(),
      responded_at: null,
    });
    expect(await respondJoinRequest(ctx, { request_id: doc.id, accept: true })).toMatchObject({
      ok: false,
      error: { code: 'join_request_not_found' },
    });
  });
});

describe('joinStatusOf', () => {
  it('Join, Joining, Joined, Closed (declined or past)', () => {
    expect(joinStatusOf(undefined, false)).toBe('join');
    expect(joinStatusOf(undefined, true)).toBe('closed');
    expect(joinStatusOf({ status: 'accepted' }, true)).toBe('joined');
    expect(joinStatusOf({ status: 'declined' }, false)).toBe('closed');
  });
});
