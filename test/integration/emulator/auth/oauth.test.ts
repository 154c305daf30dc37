// @clock-sensitive: tokens and their expiry
import { expect, it } from 'vitest';
import { describeEachEmulator } from '../../../support/emulator';
import { RELAXED_LIMITS, client, flowClient, signedInUser, uniqueEmail } from './support';

const APP = 'http://127.0.0.1:4173';

/** Submits the test-identity page's form like a browser: POST to /callback, first redirect only. */
async function pickIdentity(pageUrl: string, email: string, name: string): Promise<URL> {
  const page = await fetch(pageUrl);
  expect(page.status).toBe(200);
  const html = await page.text();
  const action = /<form method="post" action="([^"]+)"/.exec(html)?.[1] ?? '';
  const state = /name="state" value="([^"]+)"/.exec(html)?.[1] ?? '';
  const response = await fetch(action.replaceAll('&#38;', '&'), {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ state: state.replaceAll('&#38;', '&'), email, name }).toString(),
  });
  expect(response.status).toBe(303);
  return new URL(response.headers.get('location') ?? '');
}

describeEachEmulator(
  'auth: OAuth (google, apple) through the test-identity page',
  (suite) => {
    const emulator = () => suite.emulator();
    it('shows a page of test identities for google', async () => {
      const e = emulator();
      const { data } = await client(e).auth.signInWithOAuth({
        provider: 'google',
        options: { redirectTo: `${APP}/home`, skipBrowserRedirect: true },
      });
      expect(data.url).toContain('/auth/v1/authorize?provider=google');
      const page = await fetch(data.url ?? '');
      const html = await page.text();
      expect(html).toContain('Sign in with Google');
      expect(html).toContain('alex.rivera@gmail.test');
      expect(page.headers.get('content-security-policy')).toContain("default-src 'none'");
    });

    it('implicit flow: tokens in the hash, a confirmed user with a google identity', async () => {
      const e = emulator();
      const { data } = await client(e).auth.signInWithOAuth({
        provider: 'google',
        options: { redirectTo: `${APP}/home`, skipBrowserRedirect: true },
      });
      const email = uniqueEmail('google');
      const location = await pickIdentity(data.url ?? '', email, 'Gia Google');
      expect(location.pathname).toBe('/home');
      const hash = new URLSearchParams(location.hash.slice(1));
      expect(hash.get('provider_token')).toMatch(/^emulator-google-/);
      const browser = flowClient(e);
      await browser.auth.setSession({
        access_token: hash.get('access_token') ?? '',
        refresh_token: hash.get('refresh_token') ?? '',
      });
      const user = (await browser.auth.getUser()).data.user;
      expect(user?.email).toBe(email);
      expect(user?.email_confirmed_at).toBeTruthy();
      expect(user?.app_metadata).toMatchObject({ provider: 'google', providers: ['google'] });
      expect(user?.user_metadata.full_name).toBe('Gia Google');
      expect(user?.identities?.map((i) => i.provider)).toEqual(['google']);
    });

    it('PKCE flow: ?code= exchanged for a session; the same identity signs in again', async () => {
      const e = emulator();
      const email = uniqueEmail('apple');
      for (let round = 0; round < 2; round += 1) {
        const supabase = flowClient(e, 'pkce');
        const { data } = await supabase.auth.signInWithOAuth({
          provider: 'apple',
          options: { redirectTo: `${APP}/home`, skipBrowserRedirect: true },
        });
        expect(data.url).toContain('code_challenge=');
        const location = await pickIdentity(data.url ?? '', email, 'Ada Apple');
        const code = location.searchParams.get('code') ?? '';
        expect(code).not.toBe('');
        const exchanged = await supabase.auth.exchangeCodeForSession(code);
        expect(exchanged.error).toBeNull();
        expect(exchanged.data.session?.provider_token).toMatch(/^emulator-apple-/);
        expect(exchanged.data.user?.identities?.length).toBe(1);
      }
      const { rows } = await e.engine.query<{ n: number }>(
        `select count(*)::int as n from auth.users where email = $1`,
        [email],
      );
      expect(rows[0]?.n).toBe(1);
    });

    it('links google to an existing e-mail account', async () => {
      const e = emulator();
      const { email, password } = await signedInUser(e, 'linked');
      const { data } = await client(e).auth.signInWithOAuth({
        provider: 'google',
        options: { redirectTo: APP, skipBrowserRedirect: true },
      });
      const location = await pickIdentity(data.url ?? '', email, 'Linked Person');
      expect(new URLSearchParams(location.hash.slice(1)).get('access_token')).toBeTruthy();
      const signIn = await client(e).auth.signInWithPassword({ email, password });
      expect(signIn.data.user?.identities?.map((i) => i.provider).sort()).toEqual(['email', 'google']);
      expect(signIn.data.user?.app_metadata.providers).toEqual(['email', 'google']);
    });

    it('rejects unknown providers and forged state', async () => {
      const e = emulator();
      const unknown = await fetch(`${e.url}/auth/v1/authorize?provider=github&redirect_to=${APP}`);
      expect(unknown.status).toBe(400);
      expect(((await unknown.json()) as { code: string }).code).toBe('validation_failed');
      const forged = await fetch(`${e.url}/auth/v1/callback`, {
        method: 'POST',
        redirect: 'manual',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          state: 'eyJwcm92aWRlciI6Imdvb2dsZSJ9.bad',
          email: 'x@y.test',
        }).toString(),
      });
      expect(forged.status).toBe(400);
      expect(((await forged.json()) as { code: string }).code).toBe('bad_oauth_state');
    });
  },
  RELAXED_LIMITS,
);
