/**
 * postgres_changes through the real supabase-js client: subscription replies, payload shapes,
 * per-subscriber RLS, column privileges, deletes as hosted sends them, unsubscribe.
 */
import { randomUUID } from 'node:crypto';
import type { RealtimePostgresChangesPayload, SupabaseClient } from '@supabase/supabase-js';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestClient, describeEachEmulator } from '../../../support/emulator';
import { collector, installFixtures, settle, subscribe, userClient, userToken } from './support';

type Change = RealtimePostgresChangesPayload<Record<string, unknown>>;

describeEachEmulator('realtime postgres_changes', (suite) => {
  const emulator = () => suite.emulator();
  const clients: SupabaseClient[] = [];
  const track = (client: SupabaseClient) => {
    clients.push(client);
    return client;
  };
  let nextId = 1;
  const id = () => nextId++;

  beforeAll(async () => {
    await installFixtures(emulator());
  });

  afterEach(async () => {
    for (const client of clients.splice(0)) await client.removeAllChannels();
  });

  it('subscribes, sends SUBSCRIBED and the "Subscribed to PostgreSQL" system message', async () => {
    const client = track(createTestClient(emulator(), { key: 'service_role' }));
    const system = collector<Record<string, unknown>>();
    const channel = client
      .channel('pc-subscribe')
      .on('postgres_changes', { event: '*', schema: 'public', table: 'rt_open' }, () => undefined)
      .on(
        'postgres_changes',
        { event: 'INSERT', schema: 'public', table: 'rt_notes', filter: 'score=gt.3' },
        () => undefined,
      )
      .on('system', {}, (payload: Record<string, unknown>) => system.push(payload));
    const result = await subscribe(channel, { postgres: true });
    expect(result.status).toBe('SUBSCRIBED');
    const [message] = await system.waitFor(1);
    expect(message).toEqual({
      extension: 'postgres_changes',
      status: 'ok',
      message: 'Subscribed to PostgreSQL',
      channel: 'pc-subscribe',
    });
    const bindings = (channel as unknown as { bindings: { postgres_changes: { id: number }[] } }).bindings
      .postgres_changes;
    expect(bindings).toHaveLength(2);
    for (const binding of bindings) expect(Number.isInteger(binding.id)).toBe(true);
  });

  it('delivers INSERT, UPDATE and DELETE with the hosted payload shapes', async () => {
    const client = track(createTestClient(emulator(), { key: 'service_role' }));
    const changes = collector<Change>();
    const channel = client
      .channel('pc-shapes')
      .on('postgres_changes', { event: '*', schema: 'public', table: 'rt_open' }, (p: Change) =>
        changes.push(p),
      );
    expect((await subscribe(channel, { postgres: true })).status).toBe('SUBSCRIBED');
    const rowId = id();
    const db = emulator().engine;
    await db.query(
      `insert into public.rt_open (id, kind, n, at, flag) values ($1, 'a', 1.5, '2025-01-01T10:00:00.123456Z', true)`,
      [rowId],
    );
    await db.query(`update public.rt_open set kind = 'b' where id = $1`, [rowId]);
    await db.query(`delete from public.rt_open where id = $1`, [rowId]);
    const [insert, update, remove] = await changes.waitFor(3);
    expect(insert).toMatchObject({
      schema: 'public',
      table: 'rt_open',
      eventType: 'INSERT',
      new: { id: rowId, kind: 'a', n: 1.5, at: '2025-01-01T10:00:00.123456+00:00', flag: true },
      old: {},
      errors: null,
    });
    expect(insert?.commit_timestamp).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    expect(update).toMatchObject({ eventType: 'UPDATE', new: { id: rowId, kind: 'b' }, old: { id: rowId } });
    expect(remove).toMatchObject({ eventType: 'DELETE', new: {}, old: { id: rowId } });
    // Default replica identity: the old row is only the primary key, as in the WAL.
    expect(Object.keys(remove?.old ?? {})).toEqual(['id']);
  });

  describe('row-level security', () => {
    it("a user receives their own private rows and not another user's", async () => {
      const alice = randomUUID();
      const bob = randomUUID();
      const aliceChanges = collector<Change>();
      const bobChanges = collector<Change>();
      for (const [user, sink] of [
        [alice, aliceChanges],
        [bob, bobChanges],
      ] as const) {
        const client = track(await userClient(emulator(), await userToken(emulator(), user)));
        const channel = client
          .channel(`pc-rls-${user}`)
          .on('postgres_changes', { event: '*', schema: 'public', table: 'rt_notes' }, (p: Change) =>
            sink.push(p),
          );
        expect((await subscribe(channel, { postgres: true })).status).toBe('SUBSCRIBED');
      }
      const anonChanges = collector<Change>();
      const anon = track(createTestClient(emulator()));
      const anonChannel = anon
        .channel('pc-rls-anon')
        .on('postgres_changes', { event: 'INSERT', schema: 'public', table: 'rt_notes' }, (p: Change) =>
          anonChanges.push(p),
        );
      expect((await subscribe(anonChannel, { postgres: true })).status).toBe('SUBSCRIBED');

      await emulator().engine.query(`insert into public.rt_notes (owner, body) values ($1, 'alice secret')`, [
        alice,
      ]);
      await emulator().engine.query(`insert into public.rt_notes (owner, body) values ($1, 'bob secret')`, [
        bob,
      ]);
      await aliceChanges.waitFor(1);
      await bobChanges.waitFor(1);
      await settle(emulator());
      expect(aliceChanges.items.map((c) => (c.new as { body: string }).body)).toEqual(['alice secret']);
      expect(bobChanges.items.map((c) => (c.new as { body: string }).body)).toEqual(['bob secret']);
      expect(anonChanges.items).toHaveLength(0);
    });

    it('two subscribers of one user with different filters each get their own matches', async () => {
      const user = randomUUID();
      const token = await userToken(emulator(), user);
      const low = collector<Change>();
      const high = collector<Change>();
      for (const [filter, sink] of [
        ['score=lt.10', low],
        ['score=gte.10', high],
      ] as const) {
        const client = track(await userClient(emulator(), token));
        const channel = client
          .channel(`pc-two-${filter}`)
          .on(
            'postgres_changes',
            { event: 'INSERT', schema: 'public', table: 'rt_notes', filter },
            (p: Change) => sink.push(p),
          );
        expect((await subscribe(channel, { postgres: true })).status).toBe('SUBSCRIBED');
      }
      for (const score of [3, 10, 42]) {
        await emulator().engine.query(`insert into public.rt_notes (owner, score) values ($1, $2)`, [
          user,
          score,
        ]);
      }
      await low.waitFor(1);
      await high.waitFor(2);
      await settle(emulator());
      expect(low.items.map((c) => (c.new as { score: number }).score)).toEqual([3]);
      expect(high.items.map((c) => (c.new as { score: number }).score)).toEqual([10, 42]);
    });

    it('DELETE is not RLS-checked and carries only the primary key', async () => {
      const owner = randomUUID();
      const other = track(await userClient(emulator(), await userToken(emulator(), randomUUID())));
      const deletes = collector<Change>();
      const channel = other
        .channel('pc-delete-rls')
        .on('postgres_changes', { event: 'DELETE', schema: 'public', table: 'rt_notes' }, (p: Change) =>
          deletes.push(p),
        );
      expect((await subscribe(channel, { postgres: true })).status).toBe('SUBSCRIBED');
      const { rows } = await emulator().engine.query<{ id: number }>(
        `insert into public.rt_notes (owner, body) values ($1, 'gone') returning id`,
        [owner],
      );
      await emulator().engine.query(`delete from public.rt_notes where id = $1`, [rows[0]?.id]);
      const [change] = await deletes.waitFor(1);
      expect(change?.old).toEqual({ id: rows[0]?.id });
    });

    it('REPLICA IDENTITY FULL with RLS still sends only the primary key on DELETE', async () => {
      // realtime-js documents it: "When RLS is enabled and replica identity is set to full, only the
      // primary key is sent to clients" (a deleted row is not RLS-checked, so nothing more may leak).
      const db = emulator().engine;
      await db.exec(`create table if not exists public.rt_full_rls (id int primary key, owner uuid, secret text);
        alter table public.rt_full_rls replica identity full;
        alter table public.rt_full_rls enable row level security;
        grant all on public.rt_full_rls to anon, authenticated, service_role;
        alter publication supabase_realtime add table public.rt_full_rls;`);
      const client = track(await userClient(emulator(), await userToken(emulator(), randomUUID())));
      const deletes = collector<Change>();
      const channel = client
        .channel('pc-full-rls')
        .on('postgres_changes', { event: 'DELETE', schema: 'public', table: 'rt_full_rls' }, (p: Change) =>
          deletes.push(p),
        );
      expect((await subscribe(channel, { postgres: true })).status).toBe('SUBSCRIBED');
      await db.query(`insert into public.rt_full_rls values (1, $1, 'classified')`, [randomUUID()]);
      await db.query(`delete from public.rt_full_rls where id = 1`);
      const [change] = await deletes.waitFor(1);
      expect(change?.old).toEqual({ id: 1 });
    });

    it('REPLICA IDENTITY FULL without RLS sends the whole old row', async () => {
      const client = track(createTestClient(emulator()));
      const changes = collector<Change>();
      const channel = client
        .channel('pc-full')
        .on(
          'postgres_changes',
          { event: '*', schema: 'public', table: 'rt_full', filter: 'secret=eq.s1' },
          (p: Change) => changes.push(p),
        );
      expect((await subscribe(channel, { postgres: true })).status).toBe('SUBSCRIBED');
      const rowId = id();
      await emulator().engine.query(`insert into public.rt_full (id, secret) values ($1, 's1')`, [rowId]);
      await emulator().engine.query(`update public.rt_full set secret = 's1' where id = $1`, [rowId]);
      await emulator().engine.query(`delete from public.rt_full where id = $1`, [rowId]);
      const [, update, remove] = await changes.waitFor(3);
      expect(update?.old).toEqual({ id: rowId, owner: null, secret: 's1' });
      expect(remove?.old).toEqual({ id: rowId, owner: null, secret: 's1' });
    });

    it('column privileges limit the columns and the record', async () => {
      const client = track(createTestClient(emulator()));
      const changes = collector<Change>();
      const channel = client
        .channel('pc-columns')
        .on(
          'postgres_changes',
          { event: 'INSERT', schema: 'public', table: 'rt_private_cols' },
          (p: Change) => changes.push(p),
        );
      expect((await subscribe(channel, { postgres: true })).status).toBe('SUBSCRIBED');
      const rowId = id();
      await emulator().engine.query(`insert into public.rt_private_cols values ($1, 'shown', 'hidden')`, [
        rowId,
      ]);
      const [change] = await changes.waitFor(1);
      expect(change?.new).toEqual({ id: rowId, visible: 'shown' });
      expect(change?.errors).toBeNull();
    });
  });

  it('unsubscribe stops delivery', async () => {
    const client = track(createTestClient(emulator(), { key: 'service_role' }));
    const changes = collector<Change>();
    const channel = client
      .channel('pc-unsub')
      .on('postgres_changes', { event: 'INSERT', schema: 'public', table: 'rt_open' }, (p: Change) =>
        changes.push(p),
      );
    expect((await subscribe(channel, { postgres: true })).status).toBe('SUBSCRIBED');
    await emulator().engine.query(`insert into public.rt_open (id, kind) values ($1, 'before')`, [id()]);
    await changes.waitFor(1);
    expect(await channel.unsubscribe()).toBe('ok');
    await emulator().engine.query(`insert into public.rt_open (id, kind) values ($1, 'after')`, [id()]);
    await settle(emulator());
    expect(changes.items.map((c) => (c.new as { kind: string }).kind)).toEqual(['before']);
  });

  it('captures a table added to the publication after start, and cleans the queue', async () => {
    const db = emulator().engine;
    await db.exec(`create table public.rt_late (id int primary key, v text);
      grant all on public.rt_late to anon, authenticated, service_role;
      alter publication supabase_realtime add table public.rt_late;`);
    const client = track(createTestClient(emulator()));
    const changes = collector<Change>();
    const channel = client
      .channel('pc-late')
      .on('postgres_changes', { event: 'INSERT', schema: 'public', table: 'rt_late' }, (p: Change) =>
        changes.push(p),
      );
    expect((await subscribe(channel, { postgres: true })).status).toBe('SUBSCRIBED');
    await db.query(`insert into public.rt_late values (1, 'late')`);
    const [change] = await changes.waitFor(1);
    expect(change?.new).toEqual({ id: 1, v: 'late' });
    await settle(emulator(), 50);
    const { rows } = await db.query<{ n: number }>(
      'select count(*)::int as n from realtime.emulator_changes',
    );
    expect(rows[0]?.n).toBe(0);
  });
});
