/**
 * The product's own realtime channel (spec section 7 "Realtime") on the migrated schema: a user's
 * notifications filtered by user_id, changes made through REST as that user (so the capture trigger
 * runs under the `authenticated` role), and nothing of another user's.
 */
import { randomUUID } from 'node:crypto';
import type { RealtimePostgresChangesPayload, SupabaseClient } from '@supabase/supabase-js';
import { afterEach, expect, it } from 'vitest';
import { insertAuthUser } from '../../../support/engines';
import { describeEachEmulator } from '../../../support/emulator';
import { collector, settle, subscribe, userClient, userToken } from './support';

type Change = RealtimePostgresChangesPayload<Record<string, unknown>>;

describeEachEmulator('realtime on the product schema', (suite) => {
  const emulator = () => suite.emulator();
  const clients: SupabaseClient[] = [];

  afterEach(async () => {
    for (const client of clients.splice(0)) await client.removeAllChannels();
  });

  it("a user hears their own notifications, including their REST update, and not another user's", async () => {
    const db = emulator().engine;
    const alice = await insertAuthUser(db, { username: `al${randomUUID().slice(0, 6)}` });
    const bob = await insertAuthUser(db, { username: `bo${randomUUID().slice(0, 6)}` });
    const client = await userClient(emulator(), await userToken(emulator(), alice));
    clients.push(client);
    const changes = collector<Change>();
    const channel = client
      .channel(`user-${alice}`)
      .on(
        'postgres_changes',
        { event: '*', schema: 'public', table: 'notifications', filter: `user_id=eq.${alice}` },
        (p: Change) => changes.push(p),
      );
    expect((await subscribe(channel, { postgres: true })).status).toBe('SUBSCRIBED');

    const insert = `insert into public.notifications (id, user_id, type, actor_id) values ($1, $2, 'flex_received', $3)`;
    await db.query(insert, [`n-${randomUUID()}`, bob, alice]);
    const mine = `n-${randomUUID()}`;
    await db.query(insert, [mine, alice, bob]);
    const [created] = await changes.waitFor(1);
    expect(created).toMatchObject({ eventType: 'INSERT', new: { id: mine, user_id: alice, is_read: false } });

    const { error } = await client.from('notifications').update({ is_read: true }).eq('id', mine);
    expect(error).toBeNull();
    const [, updated] = await changes.waitFor(2);
    expect(updated).toMatchObject({
      eventType: 'UPDATE',
      new: { id: mine, is_read: true },
      old: { id: mine },
    });
    await settle(emulator());
    expect(changes.items).toHaveLength(2);
  });
});
