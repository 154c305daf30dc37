// @clock-sensitive: tokens expiring on the channel
/**
 * Channel-level behaviour through the real supabase-js client: tokens (join with an expired token,
 * `realtime.setAuth` updates, expiry mid-channel), broadcast (self, ack, the REST fallback and
 * httpSend) and presence (sync, join, leave).
 */
import { randomUUID } from 'node:crypto';
import {
  createClient,
  type RealtimePostgresChangesPayload,
  type SupabaseClient,
  type SupabaseClientOptions,
} from '@supabase/supabase-js';
import WebSocket from 'ws';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestClient, describeEachEmulator } from '../../../support/emulator';
import { collector, installFixtures, settle, sleep, subscribe, userClient, userToken } from './support';

type Change = RealtimePostgresChangesPayload<Record<string, unknown>>;
type Transport = NonNullable<NonNullable<SupabaseClientOptions<'public'>['realtime']>['transport']>;
type SystemMessage = { extension?: string; status?: string; message?: string; channel?: string };

describeEachEmulator('realtime channels', (suite) => {
  const emulator = () => suite.emulator();
  const clients: SupabaseClient[] = [];
  const track = <T extends SupabaseClient>(client: T) => {
    clients.push(client);
    return client;
  };

  beforeAll(async () => {
    await installFixtures(emulator());
  });

  afterEach(async () => {
    for (const client of clients.splice(0)) await client.removeAllChannels();
  });

  describe('tokens', () => {
    it("an expired token at join gives CHANNEL_ERROR with hosted's reason", async () => {
      const expired = await userToken(emulator(), randomUUID(), -12);
      const client = track(await userClient(emulator(), expired));
      const result = await subscribe(client.channel('tok-expired'));
      expect(result.status).toBe('CHANNEL_ERROR');
      expect(result.error?.message).toMatch(/^InvalidJWTToken: Token has expired 1[2-4] seconds ago$/);
    });

    it('a token with a bad signature gives CHANNEL_ERROR', async () => {
      const token = await userToken(emulator(), randomUUID());
      const [header, payload] = token.split('.');
      const forged = `${header}.${payload}.${Buffer.from('not the signature').toString('base64url')}`;
      const client = track(await userClient(emulator(), forged));
      const result = await subscribe(client.channel('tok-forged'));
      expect(result.status).toBe('CHANNEL_ERROR');
      expect(result.error?.message).toBe('JwtSignatureError: Failed to validate JWT signature');
    });

    it('realtime.setAuth(newToken) re-authorises postgres_changes', async () => {
      const user = randomUUID();
      const client = track(createTestClient(emulator()));
      const changes = collector<Change>();
      const system = collector<SystemMessage>();
      const channel = client
        .channel('tok-setauth')
        .on('postgres_changes', { event: 'INSERT', schema: 'public', table: 'rt_notes' }, (p: Change) =>
          changes.push(p),
        )
        .on('system', {}, (p: SystemMessage) => system.push(p));
      expect((await subscribe(channel, { postgres: true })).status).toBe('SUBSCRIBED');
      await emulator().engine.query(`insert into public.rt_notes (owner, body) values ($1, 'as anon')`, [
        user,
      ]);
      await settle(emulator());
      expect(changes.items).toHaveLength(0);

      await client.realtime.setAuth(await userToken(emulator(), user));
      // Hosted re-subscribes after a token change and says so again.
      await system.waitFor(2);
      await emulator().engine.query(`insert into public.rt_notes (owner, body) values ($1, 'as user')`, [
        user,
      ]);
      const [change] = await changes.waitFor(1);
      expect((change?.new as { body: string }).body).toBe('as user');
    });

    it('token expiry mid-channel sends the system error and closes the channel', async () => {
      const client = track(await userClient(emulator(), await userToken(emulator(), randomUUID(), 2)));
      const system = collector<SystemMessage>();
      const statuses = collector<string>();
      const channel = client.channel('tok-expiry').on('system', {}, (p: SystemMessage) => system.push(p));
      channel.subscribe((status) => statuses.push(String(status)));
      await statuses.waitFor(1);
      expect(statuses.items[0]).toBe('SUBSCRIBED');
      await statuses.waitFor(2, 6_000);
      expect(statuses.items[1]).toBe('CLOSED');
      const error = system.items.find((m) => m.extension === 'system');
      expect(error).toMatchObject({ extension: 'system', status: 'error', channel: 'tok-expiry' });
      expect(error?.message).toMatch(/^Token has expired \d+ seconds ago$/);
    });
  });

  describe('broadcast', () => {
    it('fans out to the other members; self:false gets no echo, self:true does; ack resolves ok', async () => {
      const a = track(createTestClient(emulator()));
      const b = track(createTestClient(emulator()));
      const fromA = collector<Record<string, unknown>>();
      const atB = collector<Record<string, unknown>>();
      const channelA = a
        .channel('room-1', { config: { broadcast: { self: true, ack: true } } })
        .on('broadcast', { event: 'cursor' }, (p: Record<string, unknown>) => fromA.push(p));
      const channelB = b
        .channel('room-1')
        .on('broadcast', { event: 'cursor' }, (p: Record<string, unknown>) => atB.push(p));
      expect((await subscribe(channelA)).status).toBe('SUBSCRIBED');
      expect((await subscribe(channelB)).status).toBe('SUBSCRIBED');

      expect(await channelA.send({ type: 'broadcast', event: 'cursor', payload: { x: 1 } })).toBe('ok');
      expect(await channelB.send({ type: 'broadcast', event: 'cursor', payload: { x: 2 } })).toBe('ok');
      await atB.waitFor(1);
      await fromA.waitFor(2);
      await sleep(200);
      expect(atB.items).toEqual([{ type: 'broadcast', event: 'cursor', payload: { x: 1 } }]);
      expect(fromA.items.map((p) => p.payload)).toEqual([{ x: 1 }, { x: 2 }]);
    });

    it('an unjoined channel falls back to POST /realtime/v1/api/broadcast', async () => {
      const listener = track(createTestClient(emulator()));
      const received = collector<Record<string, unknown>>();
      const channel = listener
        .channel('room-rest')
        .on('broadcast', { event: 'ping' }, (p: Record<string, unknown>) => received.push(p));
      expect((await subscribe(channel)).status).toBe('SUBSCRIBED');

      const sender = track(createTestClient(emulator()));
      const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
      try {
        const result = await sender
          .channel('room-rest')
          .send({ type: 'broadcast', event: 'ping', payload: { n: 1 } });
        expect(result).toBe('ok');
      } finally {
        warn.mockRestore();
      }
      expect(await sender.channel('room-rest').httpSend('ping', { n: 2 })).toEqual({ success: true });
      await received.waitFor(2);
      expect(received.items.map((p) => p.payload)).toEqual([{ n: 1 }, { n: 2 }]);
    });

    it('the REST endpoint checks the API key and the body', async () => {
      const url = `${emulator().url}/realtime/v1/api/broadcast`;
      const noKey = await fetch(url, { method: 'POST', body: '{"messages":[]}' });
      expect(noKey.status).toBe(401);
      const headers = { apikey: emulator().status.ANON_KEY, 'content-type': 'application/json' };
      const bad = await fetch(url, { method: 'POST', headers, body: '{"messages":"nope"}' });
      expect(bad.status).toBe(422);
      const garbage = await fetch(url, { method: 'POST', headers, body: '{not json' });
      expect(garbage.status).toBe(400);
      const ok = await fetch(url, {
        method: 'POST',
        headers,
        body: JSON.stringify({ messages: [{ topic: 'nobody-here', event: 'e', payload: {} }] }),
      });
      expect(ok.status).toBe(202);
    });
  });

  describe('heartbeats', () => {
    it('the socket survives a client heartbeat loop and the channel keeps working', async () => {
      const client = track(createTestClient(emulator()));
      const beats = collector<string>();
      client.realtime.onHeartbeat((status) => beats.push(String(status)));
      const received = collector<Record<string, unknown>>();
      const channel = client
        .channel('hb-room', { config: { broadcast: { self: true } } })
        .on('broadcast', { event: 'tick' }, (p: Record<string, unknown>) => received.push(p));
      expect((await subscribe(channel)).status).toBe('SUBSCRIBED');
      for (let i = 1; i <= 10; i++) {
        await client.realtime.sendHeartbeat();
        await beats.waitFor(2 * i);
      }
      expect(beats.items.filter((s) => s === 'ok')).toHaveLength(10);
      expect(beats.items.filter((s) => s !== 'ok' && s !== 'sent')).toEqual([]);
      expect(client.realtime.isConnected()).toBe(true);
      expect(await channel.send({ type: 'broadcast', event: 'tick', payload: { n: 1 } })).toBe('ok');
      await received.waitFor(1);
    });
  });

  describe('vsn 1.0.0', () => {
    it('supabase-js with vsn 1.0.0 joins, broadcasts and receives changes', async () => {
      const client = track(
        createClient(emulator().url, emulator().status.SERVICE_ROLE_KEY, {
          auth: { persistSession: false, autoRefreshToken: false },
          realtime: { transport: WebSocket as unknown as Transport, vsn: '1.0.0' },
        }) as SupabaseClient,
      );
      const changes = collector<Change>();
      const echoes = collector<Record<string, unknown>>();
      const channel = client
        .channel('v1-client', { config: { broadcast: { self: true } } })
        .on('postgres_changes', { event: 'INSERT', schema: 'public', table: 'rt_open' }, (p: Change) =>
          changes.push(p),
        )
        .on('broadcast', { event: 'hi' }, (p: Record<string, unknown>) => echoes.push(p));
      expect((await subscribe(channel, { postgres: true })).status).toBe('SUBSCRIBED');
      expect(await channel.send({ type: 'broadcast', event: 'hi', payload: { v: 1 } })).toBe('ok');
      await emulator().engine.query(`insert into public.rt_open (id, kind) values (900001, 'v1')`);
      const [change] = await changes.waitFor(1);
      expect(change?.new).toMatchObject({ id: 900001, kind: 'v1' });
      const [echo] = await echoes.waitFor(1);
      expect(echo?.payload).toEqual({ v: 1 });
    });
  });

  describe('presence', () => {
    it('syncs state, reports joins and leaves', async () => {
      const watcher = track(createTestClient(emulator()));
      const joins = collector<{ key: string; newPresences: Record<string, unknown>[] }>();
      const leaves = collector<{ key: string; leftPresences: Record<string, unknown>[] }>();
      const syncs = collector<number>();
      const watch = watcher
        .channel('lobby', { config: { presence: { key: 'watcher' } } })
        .on('presence', { event: 'sync' }, () => syncs.push(Date.now()))
        .on('presence', { event: 'join' }, (p: { key: string; newPresences: Record<string, unknown>[] }) =>
          joins.push(p),
        )
        .on('presence', { event: 'leave' }, (p: { key: string; leftPresences: Record<string, unknown>[] }) =>
          leaves.push(p),
        );
      expect((await subscribe(watch)).status).toBe('SUBSCRIBED');
      await syncs.waitFor(1);

      const member = track(createTestClient(emulator()));
      const memberChannel = member.channel('lobby', { config: { presence: { key: 'alice' } } });
      expect((await subscribe(memberChannel)).status).toBe('SUBSCRIBED');
      expect(await memberChannel.track({ status: 'lifting' })).toBe('ok');
      const [join] = await joins.waitFor(1);
      expect(join?.key).toBe('alice');
      expect(join?.newPresences[0]).toMatchObject({ status: 'lifting' });
      expect(watch.presenceState()).toMatchObject({ alice: [{ status: 'lifting' }] });

      expect(await memberChannel.untrack()).toBe('ok');
      const [leave] = await leaves.waitFor(1);
      expect(leave?.key).toBe('alice');
      expect(watch.presenceState()).toEqual({});

      expect(await memberChannel.track({ status: 'resting' })).toBe('ok');
      await joins.waitFor(2);
      await member.removeAllChannels();
      await leaves.waitFor(2);
      expect(watch.presenceState()).toEqual({});
    });

    it('a late joiner receives the current presence_state', async () => {
      const first = track(createTestClient(emulator()));
      const firstChannel = first.channel('lobby-2', { config: { presence: { key: 'first' } } });
      firstChannel.on('presence', { event: 'sync' }, () => undefined);
      expect((await subscribe(firstChannel)).status).toBe('SUBSCRIBED');
      expect(await firstChannel.track({ n: 1 })).toBe('ok');

      const late = track(createTestClient(emulator()));
      const syncs = collector<number>();
      const lateChannel = late.channel('lobby-2').on('presence', { event: 'sync' }, () => syncs.push(1));
      expect((await subscribe(lateChannel)).status).toBe('SUBSCRIBED');
      await syncs.waitFor(1);
      expect(lateChannel.presenceState()).toMatchObject({ first: [{ n: 1 }] });
    });
  });
});
