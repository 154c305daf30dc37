// @clock-sensitive: Retry-After against the clock
// The worker's supabase-js client: every call names the product (X-Client-Info: spotter-web/1.0.0) and
// carries the page's current token, read at request time (no session, no refresh in the worker).
import { describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { createSyncClient } from './client';

describe('createSyncClient', () => {
  it('sends X-Client-Info and the current access token on every call', async () => {
    const seen: Headers[] = [];
    const capture: typeof fetch = (input, init) => {
      seen.push(new Request(input, init).headers);
      return Promise.resolve(
        new Response('[]', { status: 200, headers: { 'content-type': 'application/json' } }),
      );
    };
    let token: string | null = null;
    const client = createSyncClient({
      url: 'http://127.0.0.1:9',
      anonKey: 'anon-key',
      getToken: () => token,
      fetch: capture,
      transport: WebSocket as never,
    });
    await client.from('workouts').select('*');
    token = 'user-token';
    await client.rpc('push_workouts', { p_rows: [] });
    expect(seen).toHaveLength(2);
    for (const h of seen) {
      expect(h.get('x-client-info')).toBe('spotter-web/1.0.0');
      expect(h.get('apikey')).toBe('anon-key');
    }
    expect(seen[0]!.get('authorization')).toBe('Bearer anon-key');
    expect(seen[1]!.get('authorization')).toBe('Bearer user-token');
    await client.removeAllChannels();
  });

  it('reports the Retry-After of 429 and 503 answers, capped, and of no other answer', async () => {
    const answers = [
      { status: 429, retryAfter: '2' },
      { status: 503, retryAfter: '600' },
      { status: 500, retryAfter: '5' },
      { status: 429, retryAfter: null },
    ];
    const reported: number[] = [];
    const client = createSyncClient({
      url: 'http://127.0.0.1:9',
      anonKey: 'anon-key',
      getToken: () => 'token',
      fetch: () => {
        const { status, retryAfter } = answers.shift()!;
        const headers: Record<string, string> = { 'content-type': 'application/json' };
        if (retryAfter !== null) headers['retry-after'] = retryAfter;
        return Promise.resolve(new Response('{"message":"busy"}', { status, headers }));
      },
      onRetryAfter: (ms) => reported.push(ms),
      retryAfterMaxMs: 60_000,
      transport: WebSocket as never,
    });
    for (let i = 0; i < 4; i++) {
      const res = await client.rpc('push_workouts', { p_rows: [] });
      expect(res.error).not.toBeNull();
    }
    expect(reported).toEqual([2000, 60_000]);
    await client.removeAllChannels();
  });
});
