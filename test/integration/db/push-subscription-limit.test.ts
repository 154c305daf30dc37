// Push fan-out is bounded (issue 34, item 2; migration 20261207120000_push_subscription_limit.sql): a
// user keeps at most 10 live push subscriptions, a new one beyond that replaces the oldest, endpoints stay
// unique across users. Through the real supabase-js client as a hostile client would, on both engines.
// (The sender's own cap of 10 posts per notification: supabase/functions/send-push/handler_test.ts.)
import { randomUUID } from 'node:crypto';
import { expect, it } from 'vitest';
import { newUser } from '../sync/support';
import { createTestClient, describeEachEmulator } from '../../support/emulator';

describeEachEmulator('push subscription limit', (ctx) => {
  const emulator = () => ctx.emulator();
  const service = () => createTestClient(emulator(), { key: 'service_role' });
  const row = (userId: string, n: number, endpoint = `https://push.example.com/${randomUUID()}`) => ({
    id: `sub-${userId.slice(0, 8)}-${n}`,
    user_id: userId,
    endpoint,
    p256dh: 'BPk',
    auth: 'au',
    user_agent: `device ${n}`,
  });
  const live = async (userId: string) =>
    (
      await service()
        .from('push_subscriptions')
        .select('id')
        .eq('user_id', userId)
        .eq('_deleted', false)
        .order('id')
    ).data?.map((r) => r.id) ?? [];

  it('keeps the newest 10: each subscription past the 10th replaces the oldest', async () => {
    const user = await newUser(emulator());
    const client = createTestClient(emulator(), { accessToken: user.token });
    for (let n = 0; n < 13; n++) {
      expect((await client.from('push_subscriptions').insert(row(user.id, n))).error).toBeNull();
    }
    const ids = Array.from({ length: 10 }, (_, i) => row(user.id, i + 3).id).sort();
    expect(await live(user.id)).toEqual(ids);
    // A bulk insert of 30 leaves 10 as well.
    const bulk = Array.from({ length: 30 }, (_, i) => row(user.id, 100 + i));
    expect((await client.from('push_subscriptions').insert(bulk)).error).toBeNull();
    expect(await live(user.id)).toHaveLength(10);
  });

  it('an undeleted subscription counts as a new one', async () => {
    const user = await newUser(emulator());
    const client = createTestClient(emulator(), { accessToken: user.token });
    const rows = Array.from({ length: 11 }, (_, n) => row(user.id, n));
    expect((await client.from('push_subscriptions').insert(rows.slice(0, 10))).error).toBeNull();
    expect(
      (await client.from('push_subscriptions').update({ _deleted: true }).eq('id', rows[9]!.id)).error,
    ).toBeNull();
    expect((await client.from('push_subscriptions').insert(rows[10]!)).error).toBeNull();
    expect(await live(user.id)).toHaveLength(10);
    expect(
      (await client.from('push_subscriptions').update({ _deleted: false }).eq('id', rows[9]!.id)).error,
    ).toBeNull();
    const after = await live(user.id);
    expect(after).toHaveLength(10);
    expect(after).toContain(rows[9]!.id);
    expect(after).not.toContain(rows[0]!.id);
  });

  it("endpoints stay unique: another user cannot store someone's endpoint, and nothing is replaced", async () => {
    const a = await newUser(emulator());
    const b = await newUser(emulator());
    const ca = createTestClient(emulator(), { accessToken: a.token });
    const cb = createTestClient(emulator(), { accessToken: b.token });
    const shared = `https://push.example.com/${randomUUID()}`;
    expect((await ca.from('push_subscriptions').insert(row(a.id, 0, shared))).error).toBeNull();
    const bRows = Array.from({ length: 10 }, (_, n) => row(b.id, n));
    expect((await cb.from('push_subscriptions').insert(bRows)).error).toBeNull();
    const dup = await cb.from('push_subscriptions').insert(row(b.id, 99, shared));
    expect(dup.error?.code).toBe('23505');
    // The refused insert replaced none of b's subscriptions (the statement rolled back whole).
    expect(await live(b.id)).toEqual(bRows.map((r) => r.id).sort());
    expect(await live(a.id)).toEqual([row(a.id, 0).id]);
  });

  it('two devices subscribing at once still leave 10', async () => {
    const user = await newUser(emulator());
    const client = createTestClient(emulator(), { accessToken: user.token });
    const other = createTestClient(emulator(), { accessToken: user.token });
    expect(
      (await client.from('push_subscriptions').insert(Array.from({ length: 9 }, (_, n) => row(user.id, n))))
        .error,
    ).toBeNull();
    const results = await Promise.all([
      client.from('push_subscriptions').insert(row(user.id, 50)),
      other.from('push_subscriptions').insert(row(user.id, 51)),
      client.from('push_subscriptions').insert(row(user.id, 52)),
    ]);
    expect(results.map((r) => r.error)).toEqual([null, null, null]);
    expect(await live(user.id)).toHaveLength(10);
  });
});
