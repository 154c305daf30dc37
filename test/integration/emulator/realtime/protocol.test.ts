/**
 * The wire protocol by hand over a raw `ws` client: vsn 1.0.0 object frames, vsn 2.0.0 binary
 * broadcast pushes (bytes captured from realtime-js 2.x), heartbeats, leave, and hostile
 * frames that must never take the server down.
 */
import { expect, it } from 'vitest';
import { describeEachEmulator } from '../../../support/emulator';
import { RawSocket, sleep } from './support';

const CAPTURED = '0301010f06000136377265616c74696d653a726f6f6d2d31637572736f727b2278223a317d';

type Frame = [string | null, string | null, string, string, Record<string, unknown>];

const isFrame = (f: unknown): f is Frame => Array.isArray(f) && f.length === 5;

describeEachEmulator('realtime protocol', (suite) => {
  const emulator = () => suite.emulator();

  const join = async (
    socket: RawSocket,
    topic: string,
    joinRef: string,
    config: Record<string, unknown> = {},
  ) => {
    socket.send([joinRef, joinRef, topic, 'phx_join', { config, access_token: emulator().status.ANON_KEY }]);
    return (await socket.reply(joinRef)) as Frame;
  };

  it('answers heartbeats on the phoenix topic, in a tight loop too', async () => {
    const socket = await RawSocket.open(emulator());
    for (let i = 0; i < 200; i++) socket.send([null, `hb${i}`, 'phoenix', 'heartbeat', {}]);
    const last = (await socket.reply('hb199')) as Frame;
    expect(last).toEqual([null, 'hb199', 'phoenix', 'phx_reply', { status: 'ok', response: {} }]);
    expect(socket.frames.filter((f) => isFrame(f) && f[2] === 'phoenix')).toHaveLength(200);
    expect(socket.closed).toBeNull();
    socket.close();
  });

  it('speaks vsn 1.0.0 object frames', async () => {
    const a = await RawSocket.open(emulator(), '1.0.0');
    const b = await RawSocket.open(emulator(), '1.0.0');
    for (const [socket, ref] of [
      [a, '1'],
      [b, '2'],
    ] as const) {
      socket.send({
        topic: 'realtime:v1-room',
        event: 'phx_join',
        payload: { config: { broadcast: { self: false } } },
        ref,
        join_ref: ref,
      });
      expect(await socket.reply(ref)).toEqual({
        topic: 'realtime:v1-room',
        event: 'phx_reply',
        payload: { status: 'ok', response: { postgres_changes: [] } },
        ref,
        join_ref: ref,
      });
    }
    a.send({ topic: 'phoenix', event: 'heartbeat', payload: {}, ref: 'hb', join_ref: null });
    expect(await a.reply('hb')).toMatchObject({
      event: 'phx_reply',
      payload: { status: 'ok', response: {} },
    });
    a.send({
      topic: 'realtime:v1-room',
      event: 'broadcast',
      payload: { type: 'broadcast', event: 'hello', payload: { v: 1 } },
      ref: '3',
      join_ref: '1',
    });
    const got = await b.waitFor((f) => (f as { event?: string }).event === 'broadcast');
    expect(got).toEqual({
      topic: 'realtime:v1-room',
      event: 'broadcast',
      payload: { type: 'broadcast', event: 'hello', payload: { v: 1 } },
      ref: null,
      join_ref: null,
    });
    a.close();
    b.close();
  });

  it('decodes the captured binary broadcast push (kind 3, JSON payload)', async () => {
    const sender = await RawSocket.open(emulator());
    const other = await RawSocket.open(emulator());
    await join(sender, 'realtime:room-1', '6', { broadcast: { self: true, ack: true } });
    await join(other, 'realtime:room-1', '1');
    sender.sendBinary(Buffer.from(CAPTURED, 'hex'));
    expect(await sender.reply('7')).toEqual([
      '6',
      '7',
      'realtime:room-1',
      'phx_reply',
      { status: 'ok', response: {} },
    ]);
    const expected = [
      null,
      null,
      'realtime:room-1',
      'broadcast',
      { type: 'broadcast', event: 'cursor', payload: { x: 1 } },
    ];
    expect(await other.waitFor((f) => isFrame(f) && f[3] === 'broadcast')).toEqual(expected);
    expect(await sender.waitFor((f) => isFrame(f) && f[3] === 'broadcast')).toEqual(expected);
    sender.close();
    other.close();
  });

  it('forwards a raw-bytes broadcast (encoding 0) as a kind 4 binary frame', async () => {
    const sender = await RawSocket.open(emulator());
    const other = await RawSocket.open(emulator());
    await join(sender, 'realtime:bytes', '1');
    await join(other, 'realtime:bytes', '1');
    const topic = Buffer.from('realtime:bytes');
    const event = Buffer.from('blob');
    const body = Buffer.from([0, 1, 2, 250, 255]);
    const frame = Buffer.concat([
      Buffer.from([3, 1, 1, topic.length, event.length, 0, 0]),
      Buffer.from('1'),
      Buffer.from('2'),
      topic,
      event,
      body,
    ]);
    sender.sendBinary(frame);
    for (let i = 0; i < 50 && other.binaryFrames.length === 0; i++) await sleep(20);
    const [received] = other.binaryFrames;
    expect(received).toBeDefined();
    expect(received?.subarray(0, 5)).toEqual(Buffer.from([4, topic.length, event.length, 0, 0]));
    expect(received?.subarray(5)).toEqual(Buffer.concat([topic, event, body]));
    sender.close();
    other.close();
  });

  it('leave replies ok, then phx_close with the join ref', async () => {
    const socket = await RawSocket.open(emulator());
    await join(socket, 'realtime:leaving', '4');
    socket.send(['4', '5', 'realtime:leaving', 'phx_leave', {}]);
    expect(await socket.reply('5')).toEqual([
      '4',
      '5',
      'realtime:leaving',
      'phx_reply',
      { status: 'ok', response: {} },
    ]);
    expect(await socket.waitFor((f) => isFrame(f) && f[3] === 'phx_close')).toEqual([
      '4',
      '4',
      'realtime:leaving',
      'phx_close',
      {},
    ]);
    socket.send(['4', '6', 'realtime:leaving', 'broadcast', { type: 'broadcast', event: 'x', payload: {} }]);
    expect(await socket.reply('6')).toEqual([
      '4',
      '6',
      'realtime:leaving',
      'phx_reply',
      { status: 'error', response: { reason: 'unmatched topic' } },
    ]);
    socket.close();
  });

  it('echoes postgres_changes bindings in order with integer ids', async () => {
    const socket = await RawSocket.open(emulator());
    const bindings = [
      {
        event: '*',
        schema: 'public',
        table: 'profiles',
        filter: 'id=eq.00000000-0000-0000-0000-000000000001',
      },
      { event: 'INSERT', schema: 'public', table: 'notifications' },
      {
        event: '*',
        schema: 'public',
        table: 'profiles',
        filter: 'id=eq.00000000-0000-0000-0000-000000000001',
      },
    ];
    const reply = await join(socket, 'realtime:bindings', '1', { postgres_changes: bindings });
    const echoed = (reply[4].response as { postgres_changes: Record<string, unknown>[] }).postgres_changes;
    expect(echoed.map(({ id: _id, ...rest }) => rest)).toEqual(bindings);
    for (const entry of echoed) expect(Number.isInteger(entry.id)).toBe(true);
    expect(echoed[0]?.id).toBe(echoed[2]?.id);
    expect(echoed[0]?.id).not.toBe(echoed[1]?.id);
    socket.close();
  });

  it('limits a socket to 100 channels', async () => {
    const socket = await RawSocket.open(emulator());
    for (let i = 0; i < 100; i++) socket.send([`${i}`, `${i}`, `realtime:many-${i}`, 'phx_join', {}]);
    await socket.reply('99');
    await sleep(1_050); // a fresh rate-limit window
    socket.send(['100', '100', 'realtime:many-100', 'phx_join', {}]);
    expect(((await socket.reply('100')) as Frame)[4]).toEqual({
      status: 'error',
      response: { reason: 'ChannelRateLimitReached: Too many channels' },
    });
    socket.close();
  });

  it('refuses the upgrade without an API key or with a forged one', async () => {
    const base = `${emulator().url.replace(/^http/, 'ws')}/realtime/v1/websocket`;
    const { default: WebSocket } = await import('ws');
    for (const url of [`${base}?vsn=2.0.0`, `${base}?apikey=abc.def.ghi&vsn=2.0.0`]) {
      const ws = new WebSocket(url);
      const status = await new Promise<number>((resolve) => {
        ws.on('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0));
        ws.on('error', () => resolve(-1));
      });
      expect([401, 403]).toContain(status);
    }
  });

  it('survives hostile frames and keeps serving', async () => {
    const socket = await RawSocket.open(emulator());
    await join(socket, 'realtime:hostile', '1');
    const hostile: unknown[] = [
      '{not json',
      '',
      'null',
      '42',
      '"a string"',
      '[]',
      '[1,2,3]',
      '[null,"r1",42,"phx_join",{}]',
      '[null,"r2","realtime:hostile",{"event":1},{}]',
      { topic: 'realtime:hostile' },
      [null, 'r3', 'realtime:hostile', 'no_such_event', { a: 1 }],
      [null, 'r4', 'realtime:never-joined', 'broadcast', { type: 'broadcast', event: 'x' }],
      ['9', '9', 'not-a-realtime-topic', 'phx_join', {}],
      ['10', '10', 'realtime:', 'phx_join', {}],
      ['11', '11', `realtime:${'x'.repeat(5000)}`, 'phx_join', {}],
      ['12', '12', 'realtime:bad-config', 'phx_join', 'not an object'],
      ['13', '13', 'realtime:bad-pg', 'phx_join', { config: { postgres_changes: 'nope' } }],
      ['14', '14', 'realtime:bad-pg2', 'phx_join', { config: { postgres_changes: [42] } }],
      ['15', '15', 'realtime:bad-token', 'phx_join', { access_token: 'a.b.c' }],
      ['16', '16', 'realtime:bad-token2', 'phx_join', { access_token: { nested: true } }],
      ['1', '17', 'realtime:hostile', 'broadcast', 'not an object'],
      ['1', '18', 'realtime:hostile', 'presence', { type: 'presence', event: 'teleport' }],
      ['1', '19', 'realtime:hostile', 'presence', { type: 'presence', event: 'track', payload: [1, 2] }],
      ['1', '20', 'realtime:hostile', 'access_token', { access_token: 42 }],
      [{ a: 1 }, ['x'], 'realtime:hostile', 'broadcast', { type: 'broadcast', event: 'x', payload: {} }],
    ];
    for (const frame of hostile) socket.send(frame);
    socket.sendBinary(Buffer.from([0xff, 0x00, 0x01]));
    socket.sendBinary(Buffer.from([3, 200, 200, 200, 200, 200, 1, 65]));
    socket.sendBinary(Buffer.from([3, 0, 0, 1, 1, 0, 1, 65, 66, 123]));
    socket.sendBinary(Buffer.from([3, 0, 0, 1, 1, 0, 9, 65, 66]));

    const reasons = async (ref: string) => ((await socket.reply(ref)) as Frame)[4];
    expect(await reasons('r4')).toEqual({ status: 'error', response: { reason: 'unmatched topic' } });
    expect(await reasons('9')).toEqual({ status: 'error', response: { reason: 'unmatched topic' } });
    expect(await reasons('10')).toEqual({
      status: 'error',
      response: { reason: 'TopicNameRequired: You must provide a topic name' },
    });
    expect(await reasons('11')).toMatchObject({ status: 'error' });
    expect(await reasons('12')).toMatchObject({ status: 'ok' });
    expect(await reasons('13')).toMatchObject({ status: 'error' });
    expect(await reasons('14')).toMatchObject({ status: 'error' });
    expect(await reasons('15')).toEqual({
      status: 'error',
      response: { reason: 'InvalidJWTToken: The token provided is not a valid JWT' },
    });
    expect(await reasons('16')).toMatchObject({ status: 'ok' });
    expect(await reasons('17')).toMatchObject({ status: 'error' });
    expect(await reasons('18')).toMatchObject({ status: 'error' });
    expect(await reasons('19')).toMatchObject({ status: 'error' });

    socket.send([null, 'alive', 'phoenix', 'heartbeat', {}]);
    expect(await socket.reply('alive')).toEqual([
      null,
      'alive',
      'phoenix',
      'phx_reply',
      { status: 'ok', response: {} },
    ]);
    expect(socket.closed).toBeNull();

    // A frame over the 1 MiB limit closes that socket (1009), nothing else.
    socket.send([
      '1',
      'big',
      'realtime:hostile',
      'broadcast',
      { type: 'broadcast', event: 'x', payload: 'y'.repeat(2 * 1024 * 1024) },
    ]);
    expect((await socket.waitClose()).code).toBe(1009);

    const fresh = await RawSocket.open(emulator());
    expect((await join(fresh, 'realtime:after', '1'))[4]).toMatchObject({ status: 'ok' });
    fresh.close();
  });
});
