// Join-request rules live in the table (issue 34, item 4; migration
// 20261207140000_join_request_table_rules.sql): a direct REST insert into workout_join_requests obeys what
// request_join_workout enforces (a workout that is over, a workout already joined, an id whose derived copy
// id must fit). Real supabase-js client, both engines.
import { randomUUID } from 'node:crypto';
import { expect, it } from 'vitest';
import { newUser } from '../sync/support';
import { createTestClient, describeEachEmulator } from '../../support/emulator';
import { dayFromToday } from '../../support/clock/days';
import { makeFriends } from './helpers';

describeEachEmulator('join request rules in the table', (ctx) => {
  const emulator = () => ctx.emulator();
  const service = () => createTestClient(emulator(), { key: 'service_role' });
  const person = async () => {
    const user = await newUser(emulator());
    return { ...user, client: createTestClient(emulator(), { accessToken: user.token }) };
  };
  const pair = async (ownerVisibility: 'public' | 'friends' = 'public') => {
    const requester = await person();
    const owner = await person();
    await makeFriends(emulator().engine, requester.id, owner.id);
    await emulator().engine.query('update public.profiles set visibility = $2 where id = $1', [
      owner.id,
      ownerVisibility,
    ]);
    return { requester, owner };
  };
  const workout = async (owner: { id: string; client: ReturnType<typeof createTestClient> }, day: number) => {
    const id = `jrt-${randomUUID()}`;
    const res = await owner.client.from('workouts').insert({ id, type: 'yoga', date: dayFromToday(day) });
    expect(res.error).toBeNull();
    return id;
  };
  // `as never` on direct inserts: the generated Insert type asks for owner_id, which the trigger sets and
  // a client may not write.
  const requestsFor = async (workoutId: string) =>
    (await service().from('workout_join_requests').select('id, status').eq('workout_id', workoutId)).data ??
    [];

  it('a workout that is over refuses a direct insert and the RPC alike (SPW06), whatever the owner shows friends', async () => {
    for (const visibility of ['public', 'friends'] as const) {
      const { requester, owner } = await pair(visibility);
      const past = await workout(owner, -1);
      const direct = await requester.client
        .from('workout_join_requests')
        .insert({ id: randomUUID(), workout_id: past, requester_id: requester.id } as never);
      expect(direct.error?.code, visibility).toBe('SPW06');
      const rpc = await requester.client.rpc('request_join_workout', {
        p_id: randomUUID(),
        p_workout_id: past,
      });
      expect(rpc.error?.code, visibility).toBe('SPW06');
      expect(await requestsFor(past)).toEqual([]);
      // Today's is open.
      const today = await workout(owner, 0);
      const open = await requester.client
        .from('workout_join_requests')
        .insert({ id: randomUUID(), workout_id: today, requester_id: requester.id } as never);
      expect(open.error).toBeNull();
    }
  });

  it('a workout already joined refuses a new request by direct insert (SPW08); the RPC answers the accepted one', async () => {
    const { requester, owner } = await pair();
    const w = await workout(owner, 2);
    const first = randomUUID();
    expect(
      (await requester.client.rpc('request_join_workout', { p_id: first, p_workout_id: w })).error,
    ).toBeNull();
    expect(
      (await owner.client.rpc('respond_join_request', { p_request_id: first, p_accept: true })).error,
    ).toBeNull();
    const direct = await requester.client
      .from('workout_join_requests')
      .insert({ id: randomUUID(), workout_id: w, requester_id: requester.id } as never);
    expect(direct.error?.code).toBe('SPW08');
    expect(direct.error?.message).toBe('You already joined this workout');
    const rpc = await requester.client.rpc('request_join_workout', { p_id: randomUUID(), p_workout_id: w });
    expect(rpc.error).toBeNull();
    expect(rpc.data).toMatchObject({ id: first, status: 'accepted', copy_workout_id: `join-${first}` });
    expect(await requestsFor(w)).toEqual([{ id: first, status: 'accepted' }]);
  });

  it('an id whose copy id would not fit is refused (SPV01); the longest that fits can be accepted', async () => {
    const { requester, owner } = await pair();
    const w1 = await workout(owner, 3);
    const tooLong = 'x'.repeat(60);
    const direct = await requester.client
      .from('workout_join_requests')
      .insert({ id: tooLong, workout_id: w1, requester_id: requester.id } as never);
    expect(direct.error?.code).toBe('SPV01');
    const rpc = await requester.client.rpc('request_join_workout', { p_id: tooLong, p_workout_id: w1 });
    expect(rpc.error?.code).toBe('SPV01');
    const fits = `${randomUUID()}-`.padEnd(59, 'y');
    const ok = await requester.client
      .from('workout_join_requests')
      .insert({ id: fits, workout_id: w1, requester_id: requester.id } as never);
    expect(ok.error).toBeNull();
    const accepted = await owner.client.rpc('respond_join_request', { p_request_id: fits, p_accept: true });
    expect(accepted.error).toBeNull();
    const copy = await service().from('workouts').select('id, user_id').eq('id', `join-${fits}`).single();
    expect(copy.data).toEqual({ id: `join-${fits}`, user_id: requester.id });
  });
});
