// @clock-sensitive: tokens expiring on the channel
/**
 * Broadcast from the database on private channels, as hosted Realtime provides it: `realtime.messages`
 * (partitioned by day), `realtime.send()`, `realtime.broadcast_changes()` and `realtime.topic()` in the
 * bootstrap; private joins authorised by the joining user's RLS on `realtime.messages` (refusals worded
 * as hosted's); client sends checked against the INSERT policies; the token re-checks; replay.
 * Policies here are the test's own, on `rtdb:` topics (the app's own, on `user:` topics, are tested in
 * test/integration/emulator/realtime/live-topics.test.ts).
 */
import { randomUUID } from 'node:crypto';
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestClient, describeEachEmulator } from '../../../support/emulator';
import { RawSocket, collector, settle, subscribe, userClient, userToken } from './support';

type Broadcast = {
  type?: string;
  event: string;
  payload: Record<string, unknown>;
  meta?: Record<string, unknown>;
};
type SystemMessage = { extension?: string; status?: string; message?: string; channel?: string };

const POLICIES_SQL = `
drop policy if exists "rtdb: read own room" on realtime.messages;
create policy "rtdb: read own room" on realtime.messages for select to authenticated
  using (realtime.topic() = 'rtdb:' || (select auth.uid())::text and extension in ('broadcast', 'presence'));
drop policy if exists "rtdb: write open rooms" on realtime.messages;
create policy "rtdb: write open rooms" on realtime.messages for insert to authenticated
  with check (realtime.topic() like 'rtdb-open:%');
drop policy if exists "rtdb: read open rooms" on realtime.messages;
create policy "rtdb: read open rooms" on realtime.messages for select to authenticated
  using (realtime.topic() like 'rtdb-open:%');

create table if not exists public.rtdb_items (id text primary key, owner uuid not null, label text);
create or replace function public.rtdb_items_broadcast() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  perform realtime.broadcast_changes('rtdb:' || coalesce(new.owner, old.owner)::text, tg_op, tg_op,
    tg_table_name, tg_table_schema, new, old);
  return null;
end $$;
drop trigger if exists rtdb_items_broadcast on public.rtdb_items;
create trigger rtdb_items_broadcast after insert or update or delete on public.rtdb_items
  for each row execute function public.rtdb_items_broadcast();
`;

describeEachEmulator('broadcast from the database', (suite) => {
  const emulator = () => suite.emulator();
  const clients: SupabaseClient[] = [];
  const track = <T extends SupabaseClient>(client: T) => {
    clients.push(client);
    return client;
  };
  const asUser = async (id: string, expiresIn = 3600) =>
    track(await userClient(emulator(), await userToken(emulator(), id, expiresIn)));
  const sql = (text: string, params: unknown[] = []) => emulator().engine.query(text, params);

  beforeAll(async () => {
    await emulator().engine.exec(POLICIES_SQL);
  });

  afterEach(async () => {
    for (const client of clients.splice(0)) await client.removeAllChannels();
  });

  it('has hosted realtime.messages columns, partitioned by day, with RLS on', async () => {
    const { rows: columns } = await sql(
      `select column_name, data_type, is_nullable from information_schema.columns
       where table_schema = 'realtime' and table_name = 'messages' order by ordinal_position`,
    );
    expect(columns.map((c) => [c.column_name, c.data_type, c.is_nullable])).toEqual([
      ['topic', 'text', 'NO'],
      ['extension', 'text', 'NO'],
      ['payload', 'jsonb', 'YES'],
      ['event', 'text', 'YES'],
      ['private', 'boolean', 'YES'],
      ['updated_at', 'timestamp without time zone', 'NO'],
      ['inserted_at', 'timestamp without time zone', 'NO'],
      ['id', 'uuid', 'NO'],
      ['binary_payload', 'bytea', 'YES'],
    ]);
    const { rows } = await sql(
      `select c.relkind, c.relrowsecurity,
              (select count(*) from pg_inherits i where i.inhparent = c.oid)::int as partitions,
              exists (select 1 from pg_inherits i join pg_class p on p.oid = i.inhrelid
                      where i.inhparent = c.oid
                        and p.relname = 'messages_' || to_char(now() at time zone 'UTC', 'YYYY_MM_DD')) as today
       from pg_class c where c.oid = 'realtime.messages'::regclass`,
    );
    expect(rows[0]).toMatchObject({ relkind: 'p', relrowsecurity: true, today: true });
    expect(Number(rows[0]?.partitions)).toBeGreaterThanOrEqual(7);
  });

  it('realtime.send reaches the private channel of its topic, with the message id; not a public one', async () => {
    const alice = randomUUID();
    const client = await asUser(alice);
    const privateMessages = collector<Broadcast>();
    const publicMessages = collector<Broadcast>();
    const topic = `rtdb:${alice}`;
    const privateChannel = client
      .channel(topic, { config: { private: true } })
      .on('broadcast', { event: '*' }, (m: Broadcast) => privateMessages.push(m));
    // One socket holds one channel per topic name (Phoenix), so the public one is another device's.
    const other = await asUser(alice);
    const publicChannel = other
      .channel(topic, { config: { private: false } })
      .on('broadcast', { event: '*' }, (m: Broadcast) => publicMessages.push(m));
    expect((await subscribe(privateChannel)).status).toBe('SUBSCRIBED');
    expect((await subscribe(publicChannel)).status).toBe('SUBSCRIBED');

    await sql(`select realtime.send('{"n": 1}'::jsonb, 'ping', $1, true)`, [topic]);
    const [message] = await privateMessages.waitFor(1);
    expect(message).toMatchObject({ type: 'broadcast', event: 'ping', payload: { n: 1 } });
    expect(message?.meta?.id).toEqual(message?.payload.id);
    const { rows } = await sql(
      'select event, private, extension, payload from realtime.messages where id = $1',
      [message?.meta?.id],
    );
    expect(rows[0]).toMatchObject({ event: 'ping', private: true, extension: 'broadcast' });

    await sql(`select realtime.send('{"n": 2}'::jsonb, 'ping', $1, false)`, [topic]);
    const [open] = await publicMessages.waitFor(1);
    expect(open?.payload).toMatchObject({ n: 2 });
    await settle(emulator());
    expect(privateMessages.items).toHaveLength(1);
    expect(publicMessages.items).toHaveLength(1);
  });

  it('realtime.broadcast_changes sends {record, old_record, operation, table, schema}; a rolled-back write sends nothing', async () => {
    const alice = randomUUID();
    const client = await asUser(alice);
    const messages = collector<Broadcast>();
    const channel = client
      .channel(`rtdb:${alice}`, { config: { private: true } })
      .on('broadcast', { event: '*' }, (m: Broadcast) => messages.push(m));
    expect((await subscribe(channel)).status).toBe('SUBSCRIBED');

    await sql('insert into public.rtdb_items (id, owner, label) values ($1, $2, $3)', ['i1', alice, 'one']);
    await sql('update public.rtdb_items set label = $2 where id = $1', ['i1', 'two']);
    await emulator()
      .engine.transaction(async (tx) => {
        await tx.query('update public.rtdb_items set label = $2 where id = $1', ['i1', 'never']);
        throw new Error('roll back');
      })
      .catch(() => undefined);
    await sql('delete from public.rtdb_items where id = $1', ['i1']);
    const [inserted, updated, deleted] = await messages.waitFor(3);
    expect(inserted).toMatchObject({
      event: 'INSERT',
      payload: {
        operation: 'INSERT',
        table: 'rtdb_items',
        schema: 'public',
        record: { id: 'i1', owner: alice, label: 'one' },
        old_record: null,
      },
    });
    expect(updated?.payload).toMatchObject({
      operation: 'UPDATE',
      record: { label: 'two' },
      old_record: { label: 'one' },
    });
    expect(deleted?.payload).toMatchObject({ operation: 'DELETE', record: null, old_record: { id: 'i1' } });
    await settle(emulator());
    expect(messages.items).toHaveLength(3);
  });

  it("refuses a private join the user's SELECT policies do not allow, in hosted's words; anon too", async () => {
    const alice = randomUUID();
    const mallory = await asUser(randomUUID());
    const result = await subscribe(mallory.channel(`rtdb:${alice}`, { config: { private: true } }));
    expect(result.status).toBe('CHANNEL_ERROR');
    expect(result.error?.message).toBe(
      `Unauthorized: You do not have permissions to read from this Channel topic: rtdb:${alice}`,
    );
    const anon = track(createTestClient(emulator()));
    const anonResult = await subscribe(anon.channel(`rtdb:${alice}`, { config: { private: true } }));
    expect(anonResult.status).toBe('CHANNEL_ERROR');
    expect(anonResult.error?.message).toMatch(/^Unauthorized: You do not have permissions to read/);
    // The same topic as a public channel is another topic: joinable, and it never carries private messages.
    const messages = collector<Broadcast>();
    const open = (await asUser(randomUUID()))
      .channel(`rtdb:${alice}`)
      .on('broadcast', { event: '*' }, (m: Broadcast) => messages.push(m));
    expect((await subscribe(open)).status).toBe('SUBSCRIBED');
    await sql(`select realtime.send('{"secret": true}'::jsonb, 'ping', $1, true)`, [`rtdb:${alice}`]);
    await settle(emulator());
    expect(messages.items).toHaveLength(0);
  });

  it('a client broadcast on a private channel goes out only where the INSERT policies allow it', async () => {
    const alice = randomUUID();
    const bob = randomUUID();
    const a = await asUser(alice);
    const b = await asUser(bob);
    const heard = collector<Broadcast>();
    const own = `rtdb:${alice}`;
    const listen = a
      .channel(own, { config: { private: true } })
      .on('broadcast', { event: '*' }, (m: Broadcast) => heard.push(m));
    expect((await subscribe(listen)).status).toBe('SUBSCRIBED');
    // Alice may read her room but not write to it: her own second device's send reaches nobody.
    const a2 = await asUser(alice);
    const sender = a2.channel(own, { config: { private: true, broadcast: { ack: false } } });
    expect((await subscribe(sender)).status).toBe('SUBSCRIBED');
    await sender.send({ type: 'broadcast', event: 'forged', payload: { x: 1 } });
    // An open room allows both.
    const room = `rtdb-open:${randomUUID()}`;
    const roomHeard = collector<Broadcast>();
    const roomListen = a
      .channel(room, { config: { private: true } })
      .on('broadcast', { event: '*' }, (m: Broadcast) => roomHeard.push(m));
    expect((await subscribe(roomListen)).status).toBe('SUBSCRIBED');
    const roomSend = b.channel(room, { config: { private: true } });
    expect((await subscribe(roomSend)).status).toBe('SUBSCRIBED');
    await roomSend.send({ type: 'broadcast', event: 'hello', payload: { from: 'bob' } });
    await roomHeard.waitFor(1);
    // The REST fallback: the anon key may not send privately, the service role may.
    const anon = track(createTestClient(emulator()));
    await anon
      .channel(own, { config: { private: true } })
      .send({ type: 'broadcast', event: 'rest-anon', payload: {} });
    const service = track(createTestClient(emulator(), { key: 'service_role' }));
    await service
      .channel(own, { config: { private: true } })
      .send({ type: 'broadcast', event: 'rest-service', payload: {} });
    await heard.waitFor(1);
    await settle(emulator());
    expect(heard.items.map((m) => m.event)).toEqual(['rest-service']);
  });

  it('a token of another user (setAuth) loses the channel; an expired one too', async () => {
    const alice = randomUUID();
    const client = track(createTestClient(emulator(), { accessToken: await userToken(emulator(), alice) }));
    await new Promise((resolve) => setImmediate(resolve));
    const system = collector<SystemMessage>();
    const statuses = collector<string>();
    const channel = client
      .channel(`rtdb:${alice}`, { config: { private: true } })
      .on('system', {}, (m: SystemMessage) => system.push(m));
    channel.subscribe((status) => statuses.push(String(status)));
    await statuses.waitFor(1);
    expect(statuses.items[0]).toBe('SUBSCRIBED');
    await client.realtime.setAuth(await userToken(emulator(), randomUUID()));
    await statuses.waitFor(2);
    expect(statuses.items[1]).toBe('CLOSED');
    expect(system.items.find((m) => m.extension === 'system')).toMatchObject({
      status: 'error',
      message: `You do not have permissions to read from this Channel topic: rtdb:${alice}`,
    });

    const bob = randomUUID();
    const expiring = await asUser(bob, 2);
    const expiringStatuses = collector<string>();
    const messages = collector<Broadcast>();
    expiring
      .channel(`rtdb:${bob}`, { config: { private: true } })
      .on('broadcast', { event: '*' }, (m: Broadcast) => messages.push(m))
      .subscribe((status) => expiringStatuses.push(String(status)));
    await expiringStatuses.waitFor(1);
    expect(expiringStatuses.items[0]).toBe('SUBSCRIBED');
    await expiringStatuses.waitFor(2, 6_000);
    expect(expiringStatuses.items[1]).toBe('CLOSED');
    await sql(`select realtime.send('{}'::jsonb, 'late', $1, true)`, [`rtdb:${bob}`]);
    await settle(emulator());
    expect(messages.items).toHaveLength(0);
  });

  describe('replay', () => {
    it('a private join with broadcast.replay gets the messages since then, marked replayed, once', async () => {
      const alice = randomUUID();
      const topic = `rtdb:${alice}`;
      const since = Date.now() - 60_000;
      await sql(`select realtime.send('{"n": 1}'::jsonb, 'e', $1, true)`, [topic]);
      await sql(`select realtime.send('{"n": 2}'::jsonb, 'e', $1, true)`, [topic]);
      await settle(emulator(), 50);
      const client = await asUser(alice);
      const messages = collector<Broadcast>();
      const channel = client
        .channel(topic, { config: { private: true, broadcast: { replay: { since, limit: 10 } } } })
        .on('broadcast', { event: '*' }, (m: Broadcast) => messages.push(m));
      expect((await subscribe(channel)).status).toBe('SUBSCRIBED');
      await messages.waitFor(2);
      expect(messages.items.map((m) => [m.payload.n, m.meta?.replayed])).toEqual([
        [1, true],
        [2, true],
      ]);
      await sql(`select realtime.send('{"n": 3}'::jsonb, 'e', $1, true)`, [topic]);
      await messages.waitFor(3);
      expect(messages.items[2]?.meta?.replayed).toBeUndefined();
    });

    it('replay on a public channel is refused as hosted refuses it (realtime-js refuses it first)', async () => {
      const socket = await RawSocket.open(emulator());
      try {
        const token = await userToken(emulator(), randomUUID());
        socket.send([
          '1',
          '1',
          `realtime:rtdb-pub:${randomUUID()}`,
          'phx_join',
          { config: { broadcast: { replay: { since: 0 } }, private: false }, access_token: token },
        ]);
        expect(await socket.reply('1')).toEqual([
          '1',
          '1',
          expect.any(String),
          'phx_reply',
          {
            status: 'error',
            response: { reason: 'UnableToReplayMessages: Replay is not allowed for public channels' },
          },
        ]);
      } finally {
        socket.close();
      }
    });
  });
});
