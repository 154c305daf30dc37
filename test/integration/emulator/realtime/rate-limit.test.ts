// @clock-sensitive: rate windows on the clock
/**
 * The per-connection event rate limit (here 10 events per second): excess pushes get an error reply,
 * sustained or flooding excess ends the channels with hosted's system message and closes the socket
 * (1008); heartbeats are never counted.
 */
import { expect, it } from 'vitest';
import { describeEachEmulator } from '../../../support/emulator';
import { RawSocket, sleep } from './support';

type Frame = [string | null, string | null, string, string, Record<string, unknown>];
const isFrame = (f: unknown): f is Frame => Array.isArray(f) && f.length === 5;

const LIMIT = 10;

describeEachEmulator(
  'realtime rate limit',
  (suite) => {
    const emulator = () => suite.emulator();

    const joined = async (topic: string) => {
      const socket = await RawSocket.open(emulator());
      socket.send(['1', '1', topic, 'phx_join', { config: { broadcast: { ack: true } } }]);
      await socket.reply('1');
      await sleep(1_050); // start the pushes in a fresh window
      return socket;
    };
    const push = (socket: RawSocket, topic: string, ref: string) =>
      socket.send(['1', ref, topic, 'broadcast', { type: 'broadcast', event: 'e', payload: { ref } }]);

    it('answers pushes over the limit with an error, and recovers in the next second', async () => {
      const socket = await joined('realtime:rl-1');
      for (let i = 0; i < LIMIT + 5; i++) push(socket, 'realtime:rl-1', `p${i}`);
      const replies = await Promise.all(
        Array.from({ length: LIMIT + 5 }, (_, i) => socket.reply(`p${i}`) as Promise<Frame>),
      );
      const statuses = replies.map((f) => f[4].status);
      expect(statuses.filter((s) => s === 'ok')).toHaveLength(LIMIT);
      expect(replies.at(-1)?.[4]).toEqual({
        status: 'error',
        response: { reason: 'ClientRateLimitReached: Too many messages per second' },
      });
      await sleep(1_050);
      push(socket, 'realtime:rl-1', 'later');
      expect(((await socket.reply('later')) as Frame)[4].status).toBe('ok');
      expect(socket.closed).toBeNull();
      socket.close();
    });

    it('closes the socket when the excess is sustained', async () => {
      const socket = await joined('realtime:rl-2');
      let ref = 0;
      for (let second = 0; second < 4 && !socket.closed; second++) {
        for (let i = 0; i < LIMIT + 3; i++) push(socket, 'realtime:rl-2', `s${ref++}`);
        await sleep(1_020);
      }
      expect((await socket.waitClose()).code).toBe(1008);
      const system = socket.frames.find((f) => isFrame(f) && f[3] === 'system') as Frame | undefined;
      expect(system?.[4]).toEqual({
        extension: 'system',
        status: 'error',
        message: 'Too many messages per second',
        channel: 'rl-2',
      });
      expect(socket.frames.some((f) => isFrame(f) && f[3] === 'phx_close')).toBe(true);
    });

    it('closes the socket at once on a flood', async () => {
      const socket = await joined('realtime:rl-3');
      for (let i = 0; i < LIMIT * 6; i++) push(socket, 'realtime:rl-3', `f${i}`);
      expect((await socket.waitClose()).code).toBe(1008);
    });

    it('never counts heartbeats', async () => {
      const socket = await joined('realtime:rl-4');
      for (let i = 0; i < LIMIT * 10; i++) socket.send([null, `hb${i}`, 'phoenix', 'heartbeat', {}]);
      expect(((await socket.reply(`hb${LIMIT * 10 - 1}`)) as Frame)[4].status).toBe('ok');
      push(socket, 'realtime:rl-4', 'after');
      expect(((await socket.reply('after')) as Frame)[4].status).toBe('ok');
      expect(socket.closed).toBeNull();
      socket.close();
    });
  },
  { rateLimits: { realtimeEventsPerSecond: LIMIT } },
);
