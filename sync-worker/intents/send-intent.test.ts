// How answers are read, through the real supabase-js client over a scripted network (the server's
// behaviour itself is covered against the emulator in test/integration/sync/intents.test.ts).
import { describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { queuedResponse } from '../../service-worker/responses';
import { createSyncClient } from '../core/client';
import { isPermanentStatus } from '../core/errors';
import { sendIntent } from './send-intent';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function clientAnswering(answer: () => Response | Promise<Response>) {
  const requests: Request[] = [];
  const client = createSyncClient({
    url: 'http://127.0.0.1:9',
    anonKey: 'anon',
    getToken: () => 'token',
    transport: WebSocket as never,
    fetch: (input, init) => {
      requests.push(new Request(input, init));
      return Promise.resolve(answer());
    },
  });
  return { client, requests };
}

const rpc = { type: 'rpc', fn: 'check_in', args: { p_id: 'c1', p_gym_id: 'g1' } } as const;
const update = { type: 'update', table: 'profiles', id: 'u1', values: { first_name: 'Lena' } } as const;

describe('sendIntent', () => {
  it('reads 2xx as applied and sends rpc and update requests as PostgREST expects', async () => {
    const { client, requests } = clientAnswering(() => json(200, [{ id: 'u1' }]));
    expect(await sendIntent(client, rpc)).toEqual({ kind: 'applied' });
    expect(await sendIntent(client, update)).toEqual({ kind: 'applied' });
    expect(requests.map((r) => `${r.method} ${new URL(r.url).pathname}${new URL(r.url).search}`)).toEqual([
      'POST /rest/v1/rpc/check_in',
      'PATCH /rest/v1/profiles?id=eq.u1&select=id',
    ]);
    expect(await requests[1]!.json()).toEqual({ first_name: 'Lena' });
  });

  it('reads the service worker’s 202 as queued', async () => {
    const { client } = clientAnswering(() => queuedResponse('q-1'));
    expect(await sendIntent(client, rpc)).toEqual({ kind: 'queued', queueId: 'q-1' });
  });

  it('retries on network errors, 401, 408, 429 and 5xx; refuses other 4xx', async () => {
    const cases: [Response | 'network', string][] = [
      ['network', 'retry:offline'],
      [json(401, { code: 'PGRST301', message: 'JWT expired' }), 'retry:auth'],
      [json(408, { message: 'timeout' }), 'retry:http'],
      [json(429, { message: 'slow down' }), 'retry:http'],
      [json(503, { message: 'unavailable' }), 'retry:http'],
      [json(400, { code: 'SPG03', message: 'Check-in not found' }), 'refused:SPG03'],
      [json(409, { code: '23503', message: 'foreign key' }), 'refused:23503'],
      [json(403, { code: '42501', message: 'denied' }), 'refused:42501'],
    ];
    for (const [answer, expected] of cases) {
      const { client } = clientAnswering(() => {
        if (answer === 'network') throw new TypeError('fetch failed');
        return answer.clone();
      });
      const got = await sendIntent(client, rpc);
      const label =
        got.kind === 'retry'
          ? `retry:${got.error.kind}`
          : got.kind === 'refused'
            ? `refused:${got.code}`
            : got.kind;
      expect(label).toBe(expected);
    }
  });

  it('refuses an update that matched no row', async () => {
    const { client } = clientAnswering(() => json(200, []));
    expect(await sendIntent(client, update)).toMatchObject({ kind: 'refused', code: 'not_found' });
  });

  it('refuses a join request the server answered with a clash (200, nothing created)', async () => {
    const join = {
      type: 'rpc',
      fn: 'request_join_workout',
      args: { p_id: 'j1', p_workout_id: 'w1' },
    } as const;
    const { client } = clientAnswering(() => json(200, { status: 'clash', clash_workout_id: 'w2' }));
    expect(await sendIntent(client, join)).toMatchObject({ kind: 'refused', code: 'join_clash' });
    const pending = clientAnswering(() => json(200, { id: 'j1', status: 'pending', copy_workout_id: null }));
    expect(await sendIntent(pending.client, join)).toEqual({ kind: 'applied' });
  });

  it('classifies statuses', () => {
    expect([400, 403, 404, 409, 422].every(isPermanentStatus)).toBe(true);
    expect([401, 408, 429, 500, 503, 200].some(isPermanentStatus)).toBe(false);
  });
});
