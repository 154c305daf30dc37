// @clock-sensitive: workout days against now()
/**
 * Joining a friend's workout through the real sync worker API in-process, both sides made offline: the
 * request shows at once (Joining…), is tapped again, and reaches the server once when back online; the
 * owner's device pulls it, accepts offline (twice) and the answer reaches the server once: one accepted
 * request, one copy of the workout for the requester (joined_from = the friend's workout), one
 * workout_join_request_received for the owner and one workout_join_request_accepted for the requester.
 * One device at a time: the free RxDB build allows 13 open collections per process.
 */
import { afterEach, expect, it } from 'vitest';
import { requestJoinWorkout, respondJoinRequest } from '../../../src/db/commands/join';
import { removeUserData } from '../../../src/db/open-database';
import { readPending } from '../../../src/db/pending-writes';
import { describeEachEmulator } from '../../support/emulator';
import { switchableDevice } from './worker-api-support';
import { eventually, newUser, sleep, storage } from './support';

describeEachEmulator('sync worker API: join a workout', (suite) => {
  const emulator = () => suite.emulator();
  const sql = <R>(text: string, params: unknown[] = []) =>
    emulator()
      .engine.query<R>(text, params)
      .then((r) => r.rows);
  const users: string[] = [];
  afterEach(async () => {
    for (const u of users.splice(0)) await removeUserData(u, { storage: storage() });
  });

  const device = (user: { id: string; token: string }) => switchableDevice(emulator(), users, user);

  it('a request and an answer made offline are each delivered once', async () => {
    const me = await newUser(emulator());
    const friend = await newUser(emulator());
    await sql(
      `insert into public.friendships (id, user_id, friend_id) values ($1 || ':' || $2, $1::uuid, $2::uuid),
         ($2 || ':' || $1, $2::uuid, $1::uuid)`,
      [me.id, friend.id],
    );
    // Dated from the database's clock (tomorrow in UTC: never past, in any zone the suite runs in).
    const [workout] = await sql<{ id: string; date: string }>(
      `insert into public.workouts (id, user_id, type, date, time)
       values ('w-join-' || substr($1, 1, 8), $1::uuid, 'strength', (now() at time zone 'utc')::date + 1, '18:00')
       returning id, to_char(date, 'YYYY-MM-DD') as date`,
      [friend.id],
    );

    const mine = await device(me);
    mine.setOnline(false);
    const ctx = { db: mine.db(), userId: me.id };
    const target = { workout_id: workout!.id, owner_id: friend.id, date: workout!.date, time: '18:00:00' };
    expect(await requestJoinWorkout(ctx, target)).toMatchObject({ ok: true, value: { kind: 'requested' } });
    expect(await requestJoinWorkout(ctx, target)).toMatchObject({ ok: true, value: { kind: 'requested' } });
    expect(Object.keys((await readPending(mine.db())).entries)).toEqual([`join_request:${workout!.id}`]);
    await sleep(500);
    expect(await sql(`select 1 from public.workout_join_requests`)).toEqual([]);
    mine.setOnline(true);
    await eventually(
      async () => Object.keys((await readPending(mine.db())).entries).length === 0,
      15_000,
      'sent',
    );
    const requests = await sql<{ id: string; status: string }>(
      `select id, status from public.workout_join_requests where workout_id = $1`,
      [workout!.id],
    );
    expect(requests.map((r) => r.status)).toEqual(['pending']);
    await mine.api.dispose();

    const theirs = await device(friend);
    const requestId = requests[0]!.id;
    await eventually(
      async () => (await theirs.db().workout_join_requests.findOne(requestId).exec()) !== null,
      15_000,
      'the request pulled to the owner',
    );
    theirs.setOnline(false);
    const owner = { db: theirs.db(), userId: friend.id };
    expect(await respondJoinRequest(owner, { request_id: requestId, accept: true })).toMatchObject({
      ok: true,
      value: { status: 'accepted' },
    });
    expect(await respondJoinRequest(owner, { request_id: requestId, accept: true })).toMatchObject({
      ok: true,
    });
    expect(Object.keys((await readPending(theirs.db())).entries)).toEqual([`join_answer:${requestId}`]);
    theirs.setOnline(true);
    await eventually(
      async () => Object.keys((await readPending(theirs.db())).entries).length === 0,
      15_000,
      'answer sent',
    );
    await eventually(
      async () =>
        (await theirs.db().workout_join_requests.findOne(requestId).exec())?.copy_workout_id ===
        `join-${requestId}`,
      15_000,
      'the accepted row pulled',
    );
    await theirs.api.dispose();

    expect(
      await sql(`select status, copy_workout_id from public.workout_join_requests where workout_id = $1`, [
        workout!.id,
      ]),
    ).toEqual([{ status: 'accepted', copy_workout_id: `join-${requestId}` }]);
    expect(
      await sql(`select id, joined_from from public.workouts where user_id = $1 and not _deleted`, [me.id]),
    ).toEqual([{ id: `join-${requestId}`, joined_from: workout!.id }]);
    expect(
      await sql(`select user_id, type from public.notifications where join_request_id = $1 order by type`, [
        requestId,
      ]),
    ).toEqual([
      { user_id: me.id, type: 'workout_join_request_accepted' },
      { user_id: friend.id, type: 'workout_join_request_received' },
      { user_id: friend.id, type: 'workout_joined' },
    ]);
  });
});
