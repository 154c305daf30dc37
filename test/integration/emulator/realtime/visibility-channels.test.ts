/**
 * Live changes honour visibility as table reads do (migration 20261126110000): a public user's check_in
 * activity reaches a friend and the user, not a stranger; a new_friend activity naming a private user
 * reaches only its author; a friendship row next to a private user reaches no stranger.
 */
import { randomUUID } from 'node:crypto';
import type { RealtimePostgresChangesPayload, SupabaseClient } from '@supabase/supabase-js';
import { afterEach, expect, it } from 'vitest';
import { insertAuthUser } from '../../../support/engines';
import { describeEachEmulator } from '../../../support/emulator';
import { makeFriends } from '../../db/helpers';
import { collector, settle, subscribe, userClient, userToken } from './support';

type Change = RealtimePostgresChangesPayload<Record<string, unknown>>;
const GYM = 'de-berlin-mcfit-alexanderplatz';

describeEachEmulator('realtime honours visibility', (suite) => {
  const emulator = () => suite.emulator();
  const clients: SupabaseClient[] = [];

  afterEach(async () => {
    for (const client of clients.splice(0)) await client.removeAllChannels();
  });

  it('check-ins and new friends reach only who may see them', async () => {
    const db = emulator().engine;
    const user = async (prefix: string, visibility: string) => {
      const id = await insertAuthUser(db, { username: `${prefix}${randomUUID().slice(0, 6)}` });
      await db.query('update public.profiles set visibility = $2 where id = $1', [id, visibility]);
      return id;
    };
    const pub = await user('pu', 'public');
    const priv = await user('pr', 'private');
    const buddy = await user('bu', 'public');
    const stranger = await user('st', 'public');
    await makeFriends(db, pub, buddy);

    const listen = async (who: string) => {
      const client = await userClient(emulator(), await userToken(emulator(), who));
      clients.push(client);
      const activities = collector<Change>();
      const friendships = collector<Change>();
      const channel = client
        .channel(`vis-${who}`)
        .on(
          'postgres_changes',
          { event: 'INSERT', schema: 'public', table: 'activities', filter: `user_id=eq.${pub}` },
          (p: Change) => activities.push(p),
        )
        .on(
          'postgres_changes',
          { event: 'INSERT', schema: 'public', table: 'friendships', filter: `user_id=eq.${pub}` },
          (p: Change) => friendships.push(p),
        );
      expect((await subscribe(channel, { postgres: true })).status).toBe('SUBSCRIBED');
      return { activities, friendships };
    };
    const self = await listen(pub);
    const friend = await listen(buddy);
    const other = await listen(stranger);

    await db.query(`insert into public.check_ins (id, user_id, gym_id) values ($1, $2, $3)`, [
      `ci-${randomUUID()}`,
      pub,
      GYM,
    ]);
    await makeFriends(db, pub, priv);
    await db.query(
      `insert into public.activities (id, user_id, kind, friend_id) values ($1, $2, 'new_friend', $3)`,
      [`friend:${pub}:${priv}`, pub, priv],
    );
    // Public entries (the first_check_in achievement) reach the stranger: delivery works for them.
    await other.activities.waitFor(1);
    await self.activities.waitFor(3);
    await settle(emulator());

    const kinds = (c: { activities: { items: Change[] } }) =>
      c.activities.items.map((p) => (p.new as { kind: string }).kind).sort();
    expect(kinds(self)).toEqual(['achievement_unlocked', 'check_in', 'new_friend']);
    expect(kinds(friend)).toEqual(['achievement_unlocked', 'check_in']);
    expect(kinds(other)).toEqual(['achievement_unlocked']);
    // The friendship row pub -> priv: the user only (priv is private).
    expect(self.friendships.items.map((p) => (p.new as { friend_id: string }).friend_id)).toEqual([priv]);
    expect(friend.friendships.items).toHaveLength(0);
    expect(other.friendships.items).toHaveLength(0);
  });
});
