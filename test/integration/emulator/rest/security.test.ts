// @clock-sensitive: expired tokens
/**
 * Hostile input in every position a client controls: filter values, column names, select, order,
 * on_conflict, table and RPC names and arguments, JWTs. Each must get a 4xx with a PostgREST error
 * body (no 500, no stack trace, no SQL echoed back), quickly (no pg_sleep ran), and the canary table
 * must be intact afterwards.
 */
import { SignJWT } from 'jose';
import { beforeAll, expect, it } from 'vitest';
import { describeEachEmulator } from '../../../support/emulator';
import { rest, setUpFixture, type Fixture } from './fixtures';

const INJECTIONS = [
  `'; drop table public.rt_canary; --`,
  `1); delete from public.rt_canary; --`,
  `" or 1=1 --`,
  `1 or 1=1`,
  `$1`,
  `/* comment */ 1`,
  `pg_sleep(5)`,
  `1; select pg_sleep(5)`,
  `)); select pg_sleep(5); --`,
  `💪🏋️‍♀️ ünïcödé`,
  `\\x00`,
  'a'.repeat(5000),
];

const enc = encodeURIComponent;

describeEachEmulator('REST hostile input', (suite) => {
  const emulator = () => suite.emulator();
  let f: Fixture;
  beforeAll(async () => {
    f = await setUpFixture(emulator());
  });

  /** Sends a request and checks the answer is a clean 4xx (or the given success status). */
  const expectClean = async (
    path: string,
    init: Parameters<typeof rest>[2] = {},
    allowed: number[] = [],
  ): Promise<Response> => {
    // A request that hangs fails at the test's timeout; how fast the emulator answers is the bench's.
    const res = await rest(emulator(), path, init);
    const text = await res.text();
    if (allowed.includes(res.status)) return res;
    expect(
      res.status,
      `${init.method ?? 'GET'} ${path.slice(0, 120)} -> ${res.status} ${text.slice(0, 200)}`,
    ).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
    // Node's HTTP parser answers an oversized request line itself, before any route runs.
    if (res.status === 431) return res;
    const body = JSON.parse(text) as Record<string, unknown>;
    expect(typeof body.message).toBe('string');
    expect(text).not.toMatch(/\bat \S+:\d+:\d+/); // no stack frames
    expect(text).not.toMatch(/select .* from .*"_r\d+"/i); // no generated SQL
    return res;
  };

  it('binds hostile filter values as data', async () => {
    for (const value of INJECTIONS) {
      await expectClean(`/rt_canary?value=eq.${enc(value)}`, {}, [200]);
      await expectClean(`/rt_canary?value=in.(${enc(`"${value.replaceAll('"', '\\"')}"`)},x)`, {}, [200]);
      await expectClean(
        `/rt_canary?or=(value.eq.${enc(`"${value.replaceAll('"', '\\"')}"`)},id.eq.99)`,
        {},
        [200],
      );
      await expectClean(`/rt_canary?value=like.${enc(value)}`, {}, [200]);
      await expectClean(`/rt_canary?id=eq.${enc(value)}`);
      await expectClean(`/rt_workouts?data->>${enc(value)}=eq.1`, { token: f.alice.token }, [200]);
    }
    const ok = await rest(emulator(), `/rt_canary?value=eq.${enc(INJECTIONS[0]!)}`);
    expect(await ok.json()).toEqual([]);
  });

  it('refuses hostile column names, select lists, order and casts', async () => {
    for (const value of INJECTIONS) {
      await expectClean(`/rt_canary?${enc(value)}=eq.1`);
      await expectClean(`/rt_canary?${enc(`"${value}"`)}=eq.1`);
      await expectClean(`/rt_canary?select=${enc(value)}`);
      await expectClean(`/rt_canary?select=id,${enc(value)}`);
      await expectClean(`/rt_canary?order=${enc(value)}`);
      await expectClean(`/rt_canary?select=id::${enc(value)}`);
      await expectClean(`/rt_canary?select=${enc(`x:"${value}"`)}`);
    }
    for (const select of [
      '*,(select 1)',
      'id,pg_sleep(5)',
      'pg_sleep(5)(*)',
      'id::text);drop table x;--',
      '*,rt_gyms!inner(*',
      '((((',
      'a'.repeat(70),
    ]) {
      await expectClean(`/rt_canary?select=${enc(select)}`);
    }
    await expectClean(`/rt_canary?select=${enc(`${'x('.repeat(40)}*${')'.repeat(40)}`)}`);
    await expectClean(
      `/rt_canary?or=${enc(`${'or('.repeat(200)}id.eq.1${')'.repeat(200)}`)}`.replace('or=or', 'or='),
    );
    await expectClean(`/rt_canary?id=eq.${'1'.repeat(12000)}`);
    await expectClean(`/rt_canary?id=eq.${'1'.repeat(20000)}`);
    await expectClean(`/rt_canary?limit=${enc('1; drop table rt_canary')}`);
    await expectClean(`/rt_canary?offset=-1`);
    await expectClean(`/rt_canary?value=fts(${enc(`english'); select pg_sleep(5); --`)}).x`);
  });

  it('refuses hostile table names, on_conflict and payload keys', async () => {
    for (const value of INJECTIONS.slice(0, 10)) {
      await expectClean(`/${enc(value)}`);
      await expectClean(`/rt_canary${enc(value)}`);
      await expectClean(`/rt_likes?on_conflict=${enc(value)}`, {
        method: 'POST',
        token: f.alice.token,
        body: { post_id: 1 },
        headers: { Prefer: 'resolution=merge-duplicates' },
      });
      await expectClean(`/rt_inbox?columns=${enc(value)}`, { method: 'POST', body: { body: 'x' } });
      await expectClean(`/rt_inbox`, { method: 'POST', body: { [value]: 'x' } });
      await expectClean(`/rt_canary?id=eq.1`, {
        method: 'PATCH',
        token: emulator().status.SERVICE_ROLE_KEY,
        body: { [value]: 'x' },
      });
    }
    await expectClean('/pg_catalog.pg_authid');
    await expectClean('/rt_canary', { method: 'DELETE', token: emulator().status.SERVICE_ROLE_KEY });
    await expectClean('/rt_inbox', { method: 'POST', body: '{"body": "unterminated' });
    await expectClean('/rt_inbox', { method: 'POST', body: '[1, 2, 3]' });
    await expectClean('/rt_inbox', { method: 'POST', body: 'null' });
  });

  it('refuses hostile RPC names and arguments', async () => {
    for (const value of INJECTIONS) {
      await expectClean(`/rpc/${enc(value)}`, { method: 'POST', body: {} });
      await expectClean(`/rpc/rt_add`, { method: 'POST', body: { a: value } });
      await expectClean(`/rpc/rt_add`, { method: 'POST', body: { [value]: 1 } });
      await expectClean(`/rpc/rt_add?a=${enc(value)}`);
      await expectClean(
        `/rpc/rt_echo`,
        { method: 'POST', body: { payload: { [value]: value }, tags: [value] } },
        [200],
      );
    }
    await expectClean('/rpc/pg_sleep', { method: 'POST', body: { seconds: 5 } });
    await expectClean('/rpc/pg_sleep?seconds=5');
    await expectClean('/rpc/rt_add', { method: 'POST', body: { a: { nested: true } } });
    await expectClean('/rpc/rt_echo', {
      method: 'POST',
      body: `{"payload": ${'['.repeat(5000)}${']'.repeat(5000)}}`,
    });
    await expectClean(`/rt_workouts?select=${'data'.concat('->a'.repeat(200))}`, { token: f.alice.token });
    await expectClean(`/rt_workouts?${'data'.concat('->a'.repeat(200))}=eq.1`, { token: f.alice.token });
    await expectClean('/rpc/rt_add', { method: 'POST', body: { a: 2147483647, b: 1 } });
  });

  it('refuses forged, unsigned, expired and privileged JWTs', async () => {
    const { keys } = emulator().context;
    const wrongSecret = new TextEncoder().encode('not-the-secret-not-the-secret-not-the-secret');
    const forged = await new SignJWT({ role: 'service_role' })
      .setProtectedHeader({ alg: 'HS256' })
      .setExpirationTime('1h')
      .sign(wrongSecret);
    const b64 = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
    const unsigned = `${b64({ alg: 'none', typ: 'JWT' })}.${b64({ role: 'service_role', exp: 2_000_000_000 })}.`;
    const expired = await keys.signAccessToken({ sub: f.alice.id, role: 'authenticated' }, -60);
    const postgres = await new SignJWT({ role: 'postgres' })
      .setProtectedHeader({ alg: 'HS256' })
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode(keys.jwtSecret));
    const tampered = `${f.alice.token.split('.')[0]}.${b64({ sub: f.bob.id, role: 'service_role', exp: 2_000_000_000 })}.${f.alice.token.split('.')[2]}`;
    for (const [token, code] of [
      [forged, 'PGRST301'],
      [unsigned, 'PGRST301'],
      [expired, 'PGRST303'],
      [postgres, 'PGRST301'],
      [tampered, 'PGRST301'],
      ['garbage', 'PGRST301'],
      ["'; drop table rt_canary; --", 'PGRST301'],
    ] as const) {
      const res = await expectClean('/rt_canary', { token });
      expect(res.status).toBe(401);
      const again = await rest(emulator(), '/rt_canary', { token });
      expect(((await again.json()) as { code: string }).code).toBe(code);
    }
  });

  it('leaves the canary table intact', async () => {
    const { rows } = await emulator().engine.query<{ id: number; value: string }>(
      'select id, value from public.rt_canary order by id',
    );
    expect(rows).toEqual([
      { id: 1, value: 'alive' },
      { id: 2, value: 'still alive' },
    ]);
    const { rows: inbox } = await emulator().engine.query<{ n: number }>(
      'select count(*)::int as n from public.rt_inbox',
    );
    expect(inbox[0]?.n).toBe(0);
  });
});
