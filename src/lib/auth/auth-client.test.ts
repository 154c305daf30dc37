// @vitest-environment jsdom
// Every auth call names the product in X-Client-Info (spec point 7): the real supabase-js auth client
// against a local HTTP server that records the request headers.
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { CLIENT_INFO } from '@/domain/constants';

const seen: IncomingHttpHeaders[] = [];
const server = createServer((request, response) => {
  seen.push(request.headers);
  response.writeHead(400, { 'content-type': 'application/json', 'access-control-allow-origin': '*' });
  response.end(
    JSON.stringify({ code: 400, error_code: 'invalid_credentials', msg: 'Invalid login credentials' }),
  );
});

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  // A hosted-style build against the recording server: its URL and keys (backend-env.ts wants all three).
  vi.stubEnv('VITE_SUPABASE_URL', `http://127.0.0.1:${(server.address() as AddressInfo).port}`);
  vi.stubEnv('VITE_SUPABASE_PUBLISHABLE_KEY', 'sb_publishable_test');
  vi.stubEnv('VITE_VAPID_PUBLIC_KEY', 'BTestPublicKey');
});
afterAll(async () => {
  vi.unstubAllEnvs();
  await new Promise((resolve) => server.close(resolve));
});

describe('auth client', () => {
  it('sends X-Client-Info spotter-web/1.0.0 on auth requests', async () => {
    // The client is made once per module graph, which unit files share (isolate: false): a fresh module
    // makes one for the recording server's URL, not for whatever an earlier file stubbed.
    vi.resetModules();
    const { getAuthClient } = await import('./auth-client');
    const { error } = await getAuthClient().auth.signInWithPassword({
      email: 'mia@example.test',
      password: 'wrong password',
    });
    expect(error).not.toBeNull();
    expect(seen).toHaveLength(1);
    expect(seen[0]?.['x-client-info']).toBe(CLIENT_INFO);
    expect(CLIENT_INFO).toBe('spotter-web/1.0.0');
  });
});
