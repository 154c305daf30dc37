// Notifications and push cannot be used to flood someone (issue 34, item 1; migration
// 20261207130000_notification_bursts.sql): a sender makes at most one notification (and so one push:
// push goes per new notification row) per recipient and kind within 10 minutes, through the RPCs and
// through direct REST writes alike; the join kinds are per workout. Real supabase-js client, both engines.
import { randomUUID } from 'node:crypto';
import { expect, it } from 'vitest';
import { newUser } from '../sync/support';
import { createTestClient, describeEachEmulator } from '../../support/emulator';
import { dayFromToday } from '../../support/clock/days';
import { makeFriends } from './helpers';

interface Note {
  id: string;
  type: string;
  actor_id: string | null;
  friend_request_id: string | null;
  join_request_id: string | null;
  activity_id: string | null;
  workout_id: string | null;
}

describeEachEmulator('notification bursts', (ctx) => {
  const emulator = () => ctx.emulator();
  const service = () => createTestClient(emulator(), { key: 'service_role' });
  const person = async () => {
    const user = await newUser(emulator());
    return { ...user, client: createTestClient(emulator(), { accessToken: user.token }) };
  };
  const notes = async (userId: string, type: string): Promise<Note[]> => {
    const { data, error } = await service()
      .from('notifications')
      .select('id, type, actor_id, friend_request_id, join_request_id, activity_id, workout_id')
      .eq('user_id', userId)
      .eq('type', type)
      .order('created_at');
    expect(error).toBeNull();
    return data ?? [];
  };
  /** Moves a user's notifications 11 minutes into the past: the window is over. */
  const age = (userId: string) =>
    emulator().engine.query(
      `update public.notifications set created_at = created_at - interval '11 minutes' where user_id = $1`,
      [userId],
    );

  it('request, cancel and re-send (RPC) make one notification, pointing at the live request', async () => {
    const a = await person();
    const b = await person();
    let last = '';
    for (let i = 0; i < 5; i++) {
      last = randomUUID();
      const sent = await a.client.rpc('send_friend_request', { p_receiver_id: b.id, p_id: last });
      expect(sent.error).toBeNull();
      if (i < 4)
        expect((await a.client.rpc('cancel_friend_request', { p_request_id: last })).error).toBeNull();
    }
    const received = await notes(b.id, 'friend_request_received');
    expect(received).toHaveLength(1);
    expect(received[0]).toMatchObject({ actor_id: a.id, friend_request_id: last });
    // Another sender is another notification.
    const c = await person();
    expect(
      (await c.client.rpc('send_friend_request', { p_receiver_id: b.id, p_id: randomUUID() })).error,
    ).toBeNull();
    expect(await notes(b.id, 'friend_request_received')).toHaveLength(2);
    // After the window, a new request is news again.
    await age(b.id);
    expect((await a.client.rpc('cancel_friend_request', { p_request_id: last })).error).toBeNull();
    expect(
      (await a.client.rpc('send_friend_request', { p_receiver_id: b.id, p_id: randomUUID() })).error,
    ).toBeNull();
    expect(await notes(b.id, 'friend_request_received')).toHaveLength(3);
  });

  it('the same flood through direct REST writes makes one notification too', async () => {
    const a = await person();
    const b = await person();
    for (let i = 0; i < 4; i++) {
      const id = randomUUID();
      const ins = await a.client.from('friend_requests').insert({ id, sender_id: a.id, receiver_id: b.id });
      expect(ins.error).toBeNull();
      const cancel = await a.client.from('friend_requests').update({ status: 'cancelled' }).eq('id', id);
      expect(cancel.error).toBeNull();
    }
    expect(await notes(b.id, 'friend_request_received')).toHaveLength(1);
  });

  it('flexing many activities of one friend makes one notification', async () => {
    const a = await person();
    const b = await person();
    await makeFriends(emulator().engine, a.id, b.id);
    const workouts = Array.from({ length: 4 }, (_, i) => ({
      id: `burst-${b.id.slice(0, 8)}-${i}`,
      type: 'strength',
      date: dayFromToday(i),
    }));
    expect((await b.client.from('workouts').insert(workouts)).error).toBeNull();
    const { data: activities } = await service().from('activities').select('id').eq('user_id', b.id);
    expect(activities?.length).toBeGreaterThanOrEqual(4);
    for (const activity of activities ?? []) {
      const flex = await a.client.rpc('flex_activity', { p_id: randomUUID(), p_activity_id: activity.id });
      expect(flex.error).toBeNull();
    }
    const flexes = await notes(b.id, 'flex_received');
    expect(flexes).toHaveLength(1);
    expect(flexes[0]?.activity_id).toBe(activities?.at(-1)?.id);
  });

  it('decline and re-request of one workout collapse; another workout is its own notification', async () => {
    const a = await person();
    const owner = await person();
    await makeFriends(emulator().engine, a.id, owner.id);
    const w1 = `bjoin-${owner.id.slice(0, 8)}-1`;
    const w2 = `bjoin-${owner.id.slice(0, 8)}-2`;
    expect(
      (
        await owner.client.from('workouts').insert([
          { id: w1, type: 'yoga', date: dayFromToday(2), time: '07:00' },
          { id: w2, type: 'hiit', date: dayFromToday(3), time: '08:00' },
        ])
      ).error,
    ).toBeNull();
    let last = '';
    for (let i = 0; i < 3; i++) {
      last = randomUUID();
      const req = await a.client.rpc('request_join_workout', { p_id: last, p_workout_id: w1 });
      expect(req.error).toBeNull();
      if (i < 2) {
        const no = await owner.client.rpc('respond_join_request', { p_request_id: last, p_accept: false });
        expect(no.error).toBeNull();
      }
    }
    let received = await notes(owner.id, 'workout_join_request_received');
    expect(received).toHaveLength(1);
    expect(received[0]).toMatchObject({ workout_id: w1, join_request_id: last });
    // The owner answers the live request from that notification.
    const yes = await owner.client.rpc('respond_join_request', { p_request_id: last, p_accept: true });
    expect(yes.error).toBeNull();
    const other = await a.client.rpc('request_join_workout', { p_id: randomUUID(), p_workout_id: w2 });
    expect(other.error).toBeNull();
    received = await notes(owner.id, 'workout_join_request_received');
    expect(received.map((n) => n.workout_id)).toEqual([w1, w2]);
  });

  it('replaying a notified write changes no notification', async () => {
    const a = await person();
    const b = await person();
    const id = randomUUID();
    expect((await a.client.rpc('send_friend_request', { p_receiver_id: b.id, p_id: id })).error).toBeNull();
    const before = await service().from('notifications').select('*').eq('user_id', b.id);
    expect((await a.client.rpc('send_friend_request', { p_receiver_id: b.id, p_id: id })).error).toBeNull();
    const after = await service().from('notifications').select('*').eq('user_id', b.id);
    expect(after.data).toEqual(before.data);
  });
});
