/**
 * Randomized hostile frames for the realtime server (issue 17): valid Phoenix frames (join with broadcast,
 * presence and postgres_changes filters, broadcast, presence track, access_token, leave; vsn 2 arrays, vsn 1
 * objects and binary broadcast pushes), mutated at random as JSON, as text and as bytes. After every few
 * frames the socket must still answer a heartbeat or have been closed with a policy code (never an abnormal
 * close, never an "internal error" reply, which means an exception in the server); afterwards a new socket
 * works and the table the filters name is intact. Seeds: FUZZ_SEEDS (default 3 in CI, 1 locally).
 */
import { beforeAll, expect, it } from 'vitest';
import { describeEachEmulator } from '../../../support/emulator';
import { seededRandom, seedsFromEnv, type SeededRandom } from '../../../support/seeded-random';
import { mutate, mutateJson } from '../fuzz/mutate';
import { installFixtures, RawSocket, sleep } from './support';

const FRAMES_PER_SEED = 240;
const BATCH = 6;
/** Closes a server may choose for a hostile socket: normal, unsupported data, invalid data, policy, too big. */
const POLICY_CLOSES = [1000, 1003, 1007, 1008, 1009];
const seeds = seedsFromEnv('FUZZ', 3, 1);
/** A binary broadcast push captured from realtime-js 2.x (join ref 6, ref 7, realtime:room-1). */
const CAPTURED = '0301010f06000136377265616c74696d653a726f6f6d2d31637572736f727b2278223a317d';

function validFrames(topic: string, token: string): unknown[] {
  return [
    [
      '1',
      '1',
      topic,
      'phx_join',
      {
        config: {
          broadcast: { self: true, ack: true },
          presence: { key: 'me' },
          postgres_changes: [
            { event: '*', schema: 'public', table: 'rt_open', filter: 'id=eq.1' },
            { event: 'INSERT', schema: 'public', table: 'rt_open', filter: 'kind=in.(a,b)' },
            { event: 'UPDATE', schema: 'public', table: 'rt_notes' },
          ],
          private: false,
        },
        access_token: token,
      },
    ],
    ['1', '2', topic, 'broadcast', { type: 'broadcast', event: 'cursor', payload: { x: 1, y: [2] } }],
    ['1', '3', topic, 'presence', { type: 'presence', event: 'track', payload: { at: 'now' } }],
    ['1', '4', topic, 'presence', { type: 'presence', event: 'untrack' }],
    ['1', '5', topic, 'access_token', { access_token: token }],
    ['1', '6', topic, 'phx_leave', {}],
    [null, '7', 'phoenix', 'heartbeat', {}],
    {
      topic,
      event: 'phx_join',
      payload: { config: { broadcast: { self: false } } },
      ref: '8',
      join_ref: '8',
    },
  ];
}

function hostileFrame(rnd: SeededRandom, valid: unknown[]): { text?: string; bytes?: Buffer } {
  const roll = rnd.int(10);
  if (roll < 2) {
    const bytes = Buffer.from(CAPTURED, 'hex');
    for (let i = 1 + rnd.int(4); i > 0; i--) bytes[rnd.int(bytes.length)] = rnd.int(256);
    return { bytes: rnd.chance(0.3) ? bytes.subarray(0, rnd.int(bytes.length)) : bytes };
  }
  const frame = rnd.pick(valid);
  if (roll < 6) return { text: JSON.stringify(mutateJson(rnd, frame)) };
  if (roll < 9) return { text: mutate(rnd, JSON.stringify(frame)) };
  return { text: JSON.stringify(frame) };
}

describeEachEmulator(
  'realtime randomized hostile frames',
  (suite) => {
    const emulator = () => suite.emulator();
    beforeAll(async () => {
      await installFixtures(emulator());
      await emulator().engine.exec(
        `insert into public.rt_open (id, kind, n, flag) values (1, 'a', 1.5, true), (2, 'b', null, false) on conflict do nothing`,
      );
    });

    const openRows = async () =>
      (await emulator().engine.query(`select id, kind, n::text, flag from public.rt_open order by id`)).rows;

    it.each(seeds)(
      'seed %i: the server answers or closes cleanly, never errs inside',
      { timeout: 300_000 },
      async (seed) => {
        const before = await openRows();
        const rnd = seededRandom(seed);
        const token = emulator().status.ANON_KEY;
        let socket = await RawSocket.open(emulator(), rnd.chance(0.5) ? '2.0.0' : '1.0.0');
        const sent: string[] = [];
        const where = () =>
          `seed ${seed} after frames:\n${sent.slice(-BATCH).join('\n').slice(0, 2000)}\nreplay: FUZZ_SEED=${seed} npx vitest run --project integration test/integration/emulator/realtime/fuzz.test.ts`;
        for (let i = 0; i < FRAMES_PER_SEED; i += BATCH) {
          const topic = `realtime:fuzz-${seed}-${i % 3}`;
          const valid = validFrames(topic, token);
          for (let j = 0; j < BATCH; j++) {
            const frame = hostileFrame(rnd, valid);
            if (frame.bytes) {
              sent.push(`<bytes ${frame.bytes.toString('hex')}>`);
              socket.sendBinary(frame.bytes);
            } else {
              sent.push(frame.text!);
              socket.send(frame.text!);
            }
          }
          // Alive: a heartbeat answers (both framings understand the array form on vsn 2; vsn 1 gets an object).
          const ref = `hb-${i}`;
          const vsn1 = socket.ws.url.includes('vsn=1.0.0');
          socket.send(
            vsn1
              ? { topic: 'phoenix', event: 'heartbeat', payload: {}, ref }
              : [null, ref, 'phoenix', 'heartbeat', {}],
          );
          const answer = await Promise.race([
            socket.reply(ref, 10_000).then(() => 'reply' as const),
            socket.waitClose(10_000).then(() => 'closed' as const),
          ]).catch(() => 'silent' as const);
          expect(answer, `no heartbeat reply and no close: ${where()}`).not.toBe('silent');
          const internal = socket.frames.find((f) => JSON.stringify(f).includes('internal error'));
          expect(internal, `the server failed inside: ${where()}`).toBeUndefined();
          if (answer === 'closed') {
            expect(POLICY_CLOSES, `closed with ${JSON.stringify(socket.closed)}: ${where()}`).toContain(
              socket.closed!.code,
            );
            socket = await RawSocket.open(emulator(), rnd.chance(0.5) ? '2.0.0' : '1.0.0');
          }
          await sleep(70); // under the 100 events a second the server allows a socket
        }
        socket.close();

        // Still serving: a fresh pair of sockets broadcast to each other.
        const a = await RawSocket.open(emulator());
        const b = await RawSocket.open(emulator());
        for (const s of [a, b]) {
          s.send([
            '1',
            '1',
            'realtime:after-fuzz',
            'phx_join',
            { config: { broadcast: { self: false } }, access_token: token },
          ]);
          expect(await s.reply('1')).toMatchObject([
            '1',
            '1',
            'realtime:after-fuzz',
            'phx_reply',
            { status: 'ok' },
          ]);
        }
        a.send([
          '1',
          '2',
          'realtime:after-fuzz',
          'broadcast',
          { type: 'broadcast', event: 'hi', payload: { seed } },
        ]);
        expect(await b.waitFor((f) => Array.isArray(f) && f[3] === 'broadcast')).toMatchObject([
          null,
          null,
          'realtime:after-fuzz',
          'broadcast',
          { event: 'hi', payload: { seed } },
        ]);
        a.close();
        b.close();
        expect(await openRows()).toEqual(before);
      },
    );
  },
  { engines: ['pglite'] },
);
