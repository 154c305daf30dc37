// Which endpoints send-push posts to: public https names resolving to public addresses only; the
// emulator's loopback test host only when the env names it.
import { deepStrictEqual as assertEquals, match as assertMatch } from 'node:assert/strict';
import { parseTestHosts, refusal } from './endpoint-guard.ts';

const dns = (answers: Record<string, string[]>) => (host: string) =>
  answers[host] ? Promise.resolve(answers[host]) : Promise.reject(new Error('NXDOMAIN'));
const none = new Set<string>();

Deno.test('a push service on a public name is allowed', async () => {
  const resolve = dns({ 'fcm.googleapis.com': ['142.250.185.74', '2a00:1450:4001:82b::200a'] });
  assertEquals(await refusal('https://fcm.googleapis.com/fcm/send/abc', none, resolve), null);
});

Deno.test('loopback, private, IP literals, http and odd ports are refused', async () => {
  const resolve = dns({});
  for (const endpoint of [
    'https://127.0.0.1/x',
    'https://localhost/x',
    'http://push.example.com/x',
    'https://push.example.com:8443/x',
    'https://169.254.169.254/latest',
    'not a url',
  ]) {
    assertEquals(typeof (await refusal(endpoint, none, resolve)), 'string', endpoint);
  }
});

Deno.test('a public-looking name resolving to a non-public address is refused (DNS rebinding)', async () => {
  const resolve = dns({ 'push.rebound.example.com': ['142.250.185.74', '10.0.0.7'] });
  assertMatch(
    (await refusal('https://push.rebound.example.com/w', none, resolve)) ?? '',
    /non-public 10\.0\.0\.7/,
  );
});

Deno.test('the test host is allowed only when named, and only loopback names count', async () => {
  const resolve = dns({});
  assertEquals(typeof (await refusal('https://127.0.0.1:4443/ok/x', none, resolve)), 'string');
  const hosts = parseTestHosts(' 127.0.0.1 ,10.0.0.1,evil.example.com');
  assertEquals([...hosts], ['127.0.0.1']);
  assertEquals(await refusal('https://127.0.0.1:4443/ok/x', hosts, resolve), null);
  assertEquals(typeof (await refusal('http://127.0.0.1:4443/ok/x', hosts, resolve)), 'string');
});
