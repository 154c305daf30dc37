// @clock-sensitive: refresh tokens and session expiry
import { expect, it } from 'vitest';
import { describeEachEmulator } from '../../../support/emulator';
import { RELAXED_LIMITS, client, flowClient, signedInUser } from './support';

async function refresh(url: string, anonKey: string, refreshToken: string) {
  const response = await fetch(`${url}/auth/v1/token?grant_type=refresh_token`, {
    method: 'POST',
    headers: { apikey: anonKey, 'content-type': 'application/json' },
    body: JSON.stringify({ refresh_token: refreshToken }),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

describeEachEmulator(
  'auth: sessions, refresh rotation and sign-out',
  (suite) => {
    const emulator = () => suite.emulator();
    it('rotates refresh tokens: each refresh returns a new token and a fresh access token', async () => {
      const { supabase } = await signedInUser(emulator(), 'rotate');
      const before = (await supabase.auth.getSession()).data.session;
      const refreshed = await supabase.auth.refreshSession();
      expect(refreshed.error).toBeNull();
      expect(refreshed.data.session?.refresh_token).not.toBe(before?.refresh_token);
      expect(refreshed.data.session?.user.id).toBe(before?.user.id);
      const user = await supabase.auth.getUser();
      expect(user.error).toBeNull();
    });

    it('lets the parent token be reused within 10 s, returning the same active token', async () => {
      const { supabase } = await signedInUser(emulator(), 'parent');
      const first = (await supabase.auth.getSession()).data.session?.refresh_token ?? '';
      const e = emulator();
      const a = await refresh(e.url, e.status.ANON_KEY, first);
      expect(a.status).toBe(200);
      const b = await refresh(e.url, e.status.ANON_KEY, first);
      expect(b.status).toBe(200);
      expect(b.body.refresh_token).toBe(a.body.refresh_token);
    });

    it('serves parallel refreshes of one token (two tabs) without signing the user out', async () => {
      const { supabase } = await signedInUser(emulator(), 'tabs');
      const e = emulator();
      const token = (await supabase.auth.getSession()).data.session?.refresh_token ?? '';
      const results = await Promise.all([0, 1, 2, 3].map(() => refresh(e.url, e.status.ANON_KEY, token)));
      expect(results.map((r) => r.status)).toEqual([200, 200, 200, 200]);
      // Everyone ends up with the same active token, and it still works.
      expect(new Set(results.map((r) => r.body.refresh_token)).size).toBe(1);
      const next = await refresh(e.url, e.status.ANON_KEY, results[0]?.body.refresh_token as string);
      expect(next.status).toBe(200);
    });

    it('detects reuse of an older revoked token and revokes the whole session family', async () => {
      const { supabase } = await signedInUser(emulator(), 'reuse');
      const e = emulator();
      const t1 = (await supabase.auth.getSession()).data.session?.refresh_token ?? '';
      const r2 = await refresh(e.url, e.status.ANON_KEY, t1);
      const t2 = r2.body.refresh_token as string;
      const r3 = await refresh(e.url, e.status.ANON_KEY, t2);
      const t3 = r3.body.refresh_token as string;
      expect(r3.status).toBe(200);

      // t1 is two generations old: reuse.
      const stolen = await refresh(e.url, e.status.ANON_KEY, t1);
      expect(stolen.status).toBe(400);
      expect(stolen.body.code).toBe('refresh_token_already_used');
      expect(stolen.body.message).toBe('Invalid Refresh Token: Already Used');
      // The legitimate holder of t3 is signed out too.
      const victim = await refresh(e.url, e.status.ANON_KEY, t3);
      expect(victim.status).toBe(400);
      expect(victim.body.code).toBe('refresh_token_already_used');
    });

    it('refuses the parent token once the 10 s reuse interval is over', async () => {
      const { supabase } = await signedInUser(emulator(), 'interval');
      const e = emulator();
      const t1 = (await supabase.auth.getSession()).data.session?.refresh_token ?? '';
      const r2 = await refresh(e.url, e.status.ANON_KEY, t1);
      expect(r2.status).toBe(200);
      // Age the revocation instead of waiting.
      await e.engine.query(
        `update auth.refresh_tokens set updated_at = now() - interval '11 seconds' where token = $1`,
        [t1],
      );
      const late = await refresh(e.url, e.status.ANON_KEY, t1);
      expect(late.body.code).toBe('refresh_token_already_used');
    });

    it('answers an unknown refresh token with refresh_token_not_found via supabase-js', async () => {
      const supabase = client(emulator());
      const result = await supabase.auth.refreshSession({ refresh_token: 'no-such-token' });
      expect(result.error?.code).toBe('refresh_token_not_found');
      expect(result.error?.message).toBe('Invalid Refresh Token: Refresh Token Not Found');
    });

    it('signOut scopes: local ends this session, others the rest, global all of them', async () => {
      const e = emulator();
      const { email, password, supabase: a } = await signedInUser(e, 'scopes');
      const b = flowClient(e);
      const c = flowClient(e);
      await b.auth.signInWithPassword({ email, password });
      await c.auth.signInWithPassword({ email, password });
      const tokenA = (await a.auth.getSession()).data.session?.access_token ?? '';
      const tokenB = (await b.auth.getSession()).data.session?.access_token ?? '';
      const tokenC = (await c.auth.getSession()).data.session?.access_token ?? '';
      // supabase-js turns session_not_found into AuthSessionMissingError; read the server's own code.
      const check = async (token: string) => {
        const response = await fetch(`${e.url}/auth/v1/user`, {
          headers: { apikey: e.status.ANON_KEY, authorization: `Bearer ${token}` },
        });
        return response.ok ? 'ok' : ((await response.json()) as { code: string }).code;
      };

      expect(await b.auth.signOut({ scope: 'local' })).toEqual({ error: null });
      expect(await check(tokenB)).toBe('session_not_found');
      expect(await check(tokenA)).toBe('ok');
      expect(await check(tokenC)).toBe('ok');

      const d = flowClient(e);
      await d.auth.signInWithPassword({ email, password });
      const tokenD = (await d.auth.getSession()).data.session?.access_token ?? '';
      expect(await a.auth.signOut({ scope: 'others' })).toEqual({ error: null });
      expect(await check(tokenA)).toBe('ok');
      expect(await check(tokenC)).toBe('session_not_found');
      expect(await check(tokenD)).toBe('session_not_found');

      const f = flowClient(e);
      await f.auth.signInWithPassword({ email, password });
      const tokenF = (await f.auth.getSession()).data.session?.access_token ?? '';
      expect(await a.auth.signOut()).toEqual({ error: null });
      expect(await check(tokenA)).toBe('session_not_found');
      expect(await check(tokenF)).toBe('session_not_found');
      expect((await a.auth.getSession()).data.session).toBeNull();
      const { count } = await e.engine
        .query<{ count: number }>(
          `select count(*)::int as count from auth.sessions s join auth.users u on u.id = s.user_id
            where u.email = $1`,
          [email],
        )
        .then((r) => r.rows[0] ?? { count: -1 });
      expect(count).toBe(0);
    });
  },
  RELAXED_LIMITS,
);
