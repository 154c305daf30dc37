// @clock-sensitive: token and session expiry
import { SignJWT } from 'jose';
import { expect, it } from 'vitest';
import { describeEachEmulator } from '../../../support/emulator';
import { RELAXED_LIMITS, signedInUser, uniqueEmail } from './support';

const VERSION = 'X-Supabase-Api-Version';

/** Everything the emulators of this file log; no request may end in an unexpected error. */
const logged: string[] = [];

describeEachEmulator(
  'auth: raw HTTP (status codes, headers, error bodies, hostile input)',
  (suite) => {
    const emulator = () => suite.emulator();
    const call = async (path: string, init: RequestInit & { key?: string | null; bearer?: string } = {}) => {
      const e = emulator();
      const headers = new Headers(init.headers);
      if (init.key !== null) headers.set('apikey', init.key ?? e.status.ANON_KEY);
      if (init.bearer) headers.set('authorization', `Bearer ${init.bearer}`);
      if (init.body && !headers.has('content-type')) headers.set('content-type', 'application/json');
      const response = await fetch(`${e.url}/auth/v1${path}`, { ...init, headers, redirect: 'manual' });
      const text = await response.text();
      let body: Record<string, unknown>;
      try {
        body = text ? (JSON.parse(text) as Record<string, unknown>) : {};
      } catch {
        body = { text };
      }
      return { status: response.status, headers: response.headers, body, text };
    };

    it('serves health, settings and the JWKS (public key only, cacheable)', async () => {
      const health = await call('/health');
      expect(health.status).toBe(200);
      expect(health.body.name).toBe('GoTrue');
      expect(health.headers.get(VERSION)).toBe('2024-01-01');

      const settings = await call('/settings');
      expect(settings.body).toMatchObject({
        external: { email: true, google: true, apple: true, phone: false },
        disable_signup: false,
        mailer_autoconfirm: false,
      });

      const jwks = await call('/.well-known/jwks.json', { key: null });
      expect(jwks.status).toBe(200);
      expect(jwks.headers.get('cache-control')).toBe('public, max-age=600');
      const keys = jwks.body.keys as Array<Record<string, unknown>>;
      expect(keys).toHaveLength(1);
      expect(keys[0]).toMatchObject({
        kty: 'EC',
        crv: 'P-256',
        alg: 'ES256',
        use: 'sig',
        key_ops: ['verify'],
      });
      expect(keys[0]?.kid).toBe(emulator().context.keys.kid);
      expect(keys[0]?.d).toBeUndefined();
      expect(jwks.text).not.toContain(emulator().status.JWT_SECRET);
    });

    it('requires the apikey except on the browser-facing paths', async () => {
      const missing = await call('/settings', { key: null });
      expect(missing.status).toBe(401);
      expect(missing.body.message).toBe('No API key found in request');
      expect(missing.headers.get(VERSION)).toBe('2024-01-01');
      const wrong = await call('/settings', { key: 'not-a-key' });
      expect(wrong.status).toBe(401);
      expect(wrong.body.message).toBe('Invalid API key');
      const viaQuery = await call(`/settings?apikey=${emulator().status.ANON_KEY}`, { key: null });
      expect(viaQuery.status).toBe(200);

      const verify = await call('/verify?token=abc&type=signup&redirect_to=http://127.0.0.1:4173', {
        key: null,
      });
      expect(verify.status).toBe(303);
      expect(verify.headers.get(VERSION)).toBe('2024-01-01');
      expect(new URL(verify.headers.get('location') ?? '').hash).toContain('error_code=otp_expired');
      const authorize = await call('/authorize?provider=google', { key: null });
      expect(authorize.status).toBe(200);
    });

    it('answers errors in GoTrue shape with legacy keys and the version header', async () => {
      const response = await call('/token?grant_type=password', {
        method: 'POST',
        body: JSON.stringify({ email: uniqueEmail('nobody'), password: 'x-password' }),
      });
      expect(response.status).toBe(400);
      expect(response.headers.get(VERSION)).toBe('2024-01-01');
      expect(response.body).toEqual({
        code: 'invalid_credentials',
        error_code: 'invalid_credentials',
        message: 'Invalid login credentials',
        msg: 'Invalid login credentials',
      });
      const grant = await call('/token?grant_type=magic', { method: 'POST', body: '{}' });
      expect(grant.status).toBe(400);
      expect(grant.body.code).toBe('unsupported_grant_type');
      const route = await call('/nothing-here');
      expect(route.status).toBe(404);
      expect(route.headers.get(VERSION)).toBe('2024-01-01');
    });

    it('guards GET /user: no token 401, anon key 403, bad/none/expired tokens 403 bad_jwt', async () => {
      const e = emulator();
      const { supabase } = await signedInUser(e, 'jwt');
      const good = (await supabase.auth.getSession()).data.session?.access_token ?? '';
      const [header = '', payload = '', signature = ''] = good.split('.');

      const none = await call('/user');
      expect(none.status).toBe(401);
      expect(none.body.code).toBe('no_authorization');

      const anon = await call('/user', { bearer: e.status.ANON_KEY });
      expect(anon.status).toBe(403);
      expect(anon.body.code).toBe('bad_jwt');

      const algNone = `${Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url')}.${payload}.`;
      const tampered = `${header}.${Buffer.from(JSON.stringify({ ...(JSON.parse(Buffer.from(payload, 'base64url').toString()) as Record<string, unknown>), role: 'service_role' })).toString('base64url')}.${signature}`;
      const {
        exp: _exp,
        iat: _iat,
        ...claims
      } = JSON.parse(Buffer.from(payload, 'base64url').toString()) as Record<string, unknown>;
      const expired = await e.context.keys.signAccessToken(claims, -120);
      const otherSecret = await new SignJWT({ sub: crypto.randomUUID(), role: 'authenticated' })
        .setProtectedHeader({ alg: 'HS256' })
        .setExpirationTime('1h')
        .sign(new TextEncoder().encode('some-other-secret-that-is-long-enough-000'));
      for (const token of [algNone, tampered, expired, otherSecret, 'garbage', 'a.b.c', `${good}x`]) {
        const result = await call('/user', { bearer: token });
        expect(result.status, token).toBe(403);
        expect(result.body.code).toBe('bad_jwt');
      }
      const expiredResult = await call('/user', { bearer: expired });
      expect(expiredResult.body.message).toMatch(/expired/);

      const ok = await call('/user', { bearer: good });
      expect(ok.status).toBe(200);
    });

    it('refuses the admin API to anyone but service_role', async () => {
      const e = emulator();
      const { supabase } = await signedInUser(e, 'notadmin');
      const userToken = (await supabase.auth.getSession()).data.session?.access_token ?? '';
      for (const bearer of [e.status.ANON_KEY, userToken]) {
        const result = await call('/admin/users', {
          method: 'POST',
          bearer,
          body: JSON.stringify({ email: uniqueEmail('x'), password: 'password-1' }),
        });
        expect(result.status).toBe(403);
        expect(result.body.code).toBe('not_admin');
      }
      const admin = await call('/admin/users', {
        method: 'POST',
        key: e.status.SERVICE_ROLE_KEY,
        bearer: e.status.SERVICE_ROLE_KEY,
        body: JSON.stringify({
          email: uniqueEmail('admin-made'),
          password: 'password-1',
          email_confirm: true,
        }),
      });
      expect(admin.status).toBe(200);
      expect(admin.body.email_confirmed_at).toBeTruthy();
    });

    it('refuses a streamed body over 1 MiB without Content-Length with 413', async () => {
      const e = emulator();
      const chunk = new TextEncoder().encode('x'.repeat(64 * 1024));
      let sent = 0;
      const stream = new ReadableStream<Uint8Array>({
        pull(controller) {
          if (sent >= 40) controller.close();
          else {
            sent += 1;
            controller.enqueue(chunk);
          }
        },
      });
      const response = await fetch(`${e.url}/auth/v1/signup`, {
        method: 'POST',
        headers: { apikey: e.status.ANON_KEY, 'content-type': 'application/json' },
        body: stream,
        duplex: 'half',
      } as RequestInit);
      expect(response.status).toBe(413);
      expect(((await response.json()) as { code: string }).code).toBe('request_too_large');
    });

    it('answers hostile input with a 4xx and a clear message, never a 500', async () => {
      const e = emulator();
      const { supabase } = await signedInUser(e, 'hostile');
      const token = (await supabase.auth.getSession()).data.session?.access_token ?? '';
      const before = await e.engine.query<{ n: number }>(`select count(*)::int as n from auth.users`);
      const sqlish = [
        "a'; drop table auth.users; --@example.test",
        "x@example.test' or '1'='1",
        '"); select pg_sleep(5); --@x.test',
        `${'a'.repeat(300)}@example.test`,
        'a\u0000b@example.test',
        '<script>alert(1)</script>@x.test',
      ];
      const cases: Array<[string, RequestInit & { bearer?: string }]> = [
        ['/signup', { method: 'POST', body: '{"email": ' }],
        ['/signup', { method: 'POST', body: '[1,2,3]' }],
        ['/signup', { method: 'POST', body: 'null' }],
        ['/signup', { method: 'POST', body: JSON.stringify({ email: 42, password: 'password-1' }) }],
        [
          '/signup',
          {
            method: 'POST',
            body: JSON.stringify({ email: uniqueEmail(), password: 'password-1', data: 'x' }),
          },
        ],
        [
          '/signup',
          {
            method: 'POST',
            body: JSON.stringify({ email: uniqueEmail(), password: 'password-1', data: { v: 'a\u0000b' } }),
          },
        ],
        [
          '/signup',
          {
            method: 'POST',
            body: JSON.stringify({
              email: uniqueEmail(),
              password: 'password-1',
              data: { big: 'x'.repeat(70_000) },
            }),
          },
        ],
        [
          '/signup',
          { method: 'POST', body: JSON.stringify({ email: uniqueEmail(), password: 'x'.repeat(2000) }) },
        ],
        [
          '/signup',
          {
            method: 'POST',
            body: JSON.stringify({
              email: uniqueEmail(),
              password: 'p'.repeat(10),
              code_challenge: 'short',
              code_challenge_method: 's256',
            }),
          },
        ],
        ['/signup', { method: 'POST', body: 'x'.repeat(2 * 1024 * 1024) }],
        [
          '/token?grant_type=password',
          { method: 'POST', body: JSON.stringify({ email: ['a'], password: { $ne: null } }) },
        ],
        [
          '/token?grant_type=refresh_token',
          { method: 'POST', body: JSON.stringify({ refresh_token: "' or 1=1 --" }) },
        ],
        [
          '/token?grant_type=pkce',
          {
            method: 'POST',
            body: JSON.stringify({ auth_code: "'; delete from auth.flow_state; --", code_verifier: 'x' }),
          },
        ],
        ['/verify', { method: 'POST', body: JSON.stringify({ type: 'signup', token_hash: "' or ''='" }) }],
        ['/verify', { method: 'POST', body: JSON.stringify({ type: 'nonsense', token_hash: 'x' }) }],
        [
          '/verify',
          { method: 'POST', body: JSON.stringify({ type: 'signup', email: "x'--@x.test", token: '123456' }) },
        ],
        ['/verify?type=recovery&token=%27%20or%201%3D1', { method: 'GET' }],
        ['/verify?type=%27&token=x', { method: 'GET' }],
        ['/recover', { method: 'POST', body: JSON.stringify({ email: { a: 1 } }) }],
        ['/resend', { method: 'POST', body: JSON.stringify({ type: 'signup', email: "'; select 1; --" }) }],
        ['/logout?scope=%27;drop', { method: 'POST', bearer: token }],
        ['/user', { method: 'PUT', bearer: token, body: JSON.stringify({ data: [1, 2] }) }],
        ['/user', { method: 'PUT', bearer: token, body: JSON.stringify({ email: 'not an email' }) }],
        ['/factors', { method: 'POST', bearer: token, body: JSON.stringify({ factor_type: "totp'; --" }) }],
        [
          '/factors',
          {
            method: 'POST',
            bearer: token,
            body: JSON.stringify({ factor_type: 'phone', phone: "+1'); --" }),
          },
        ],
        ['/factors/not-a-uuid/challenge', { method: 'POST', bearer: token, body: '{}' }],
        ['/factors/%27%20or%201%3D1/verify', { method: 'POST', bearer: token, body: '{}' }],
        ['/authorize?provider=google&code_challenge=a%00b&code_challenge_method=s256', { method: 'GET' }],
        ['/callback?state=..&email=x', { method: 'GET' }],
        ['/admin/users/%27%20or%201=1', { method: 'GET', bearer: e.status.SERVICE_ROLE_KEY }],
        ...sqlish.map((email): [string, RequestInit] => [
          '/signup',
          { method: 'POST', body: JSON.stringify({ email, password: 'password-1' }) },
        ]),
        ...sqlish.map((email): [string, RequestInit] => [
          '/token?grant_type=password',
          { method: 'POST', body: JSON.stringify({ email, password: 'password-1' }) },
        ]),
      ];
      for (const [path, init] of cases) {
        const result = await call(path, init);
        const label = `${init.method ?? 'GET'} ${path} ${(typeof init.body === 'string' ? init.body : '').slice(0, 60)}`;
        expect(result.status, label).toBeGreaterThanOrEqual(300);
        expect(result.status, label).toBeLessThan(500);
        expect(result.text, label).not.toMatch(/\n\s+at /);
        if (result.status >= 400) expect(typeof result.body.message, label).toBe('string');
      }
      const after = await e.engine.query<{ n: number }>(`select count(*)::int as n from auth.users`);
      expect(after.rows[0]?.n).toBe(before.rows[0]?.n);
    });

    it('logged no unexpected errors for any of the requests above', async () => {
      const { email, supabase } = await signedInUser(emulator(), 'logged');
      await supabase.auth.resetPasswordForEmail(email);
      expect(logged.some((line) => line.startsWith(`mail to ${email}`))).toBe(true);
      expect(logged.filter((line) => /unexpected|internal error/i.test(line))).toEqual([]);
    });
  },
  { ...RELAXED_LIMITS, log: (line) => logged.push(line) },
);
