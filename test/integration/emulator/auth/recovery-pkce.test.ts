// @clock-sensitive: one-time codes' expiry
import { expect, it } from 'vitest';
import { describeEachEmulator } from '../../../support/emulator';
import {
  RELAXED_LIMITS,
  client,
  flowClient,
  follow,
  inbox,
  latestMessage,
  signedInUser,
  uniqueEmail,
  verifyLink,
} from './support';

const APP = 'http://127.0.0.1:4173';

describeEachEmulator(
  'auth: password recovery, e-mail change and PKCE',
  (suite) => {
    const emulator = () => suite.emulator();
    it('resetPasswordForEmail -> link -> recovery session -> updateUser(password) -> sign in', async () => {
      const e = emulator();
      const { email } = await signedInUser(e, 'reset', 'old-password-1');
      const supabase = client(e);
      const sent = await supabase.auth.resetPasswordForEmail(email, { redirectTo: `${APP}/reset-password` });
      expect(sent).toEqual({ data: {}, error: null });
      const mail = await latestMessage(e, email);
      expect(mail.subject).toBe('Reset your Spotter password');

      const hop = await follow(verifyLink(mail));
      expect(hop.status).toBe(303);
      expect(hop.location.pathname).toBe('/reset-password');
      expect(hop.hash.get('type')).toBe('recovery');

      const browser = flowClient(e);
      await browser.auth.setSession({
        access_token: hop.hash.get('access_token') ?? '',
        refresh_token: hop.hash.get('refresh_token') ?? '',
      });
      const same = await browser.auth.updateUser({ password: 'old-password-1' });
      expect(same.error?.code).toBe('same_password');
      expect(same.error?.status).toBe(422);
      const changed = await browser.auth.updateUser({ password: 'new-password-2' });
      expect(changed.error).toBeNull();

      const old = await supabase.auth.signInWithPassword({ email, password: 'old-password-1' });
      expect(old.error?.code).toBe('invalid_credentials');
      const fresh = await supabase.auth.signInWithPassword({ email, password: 'new-password-2' });
      expect(fresh.error).toBeNull();
    });

    it('emits PASSWORD_RECOVERY for verifyOtp({ token_hash, type: recovery })', async () => {
      const e = emulator();
      const { email } = await signedInUser(e, 'recovery-otp');
      const supabase = flowClient(e);
      await supabase.auth.resetPasswordForEmail(email);
      const hash = new URL(verifyLink(await latestMessage(e, email))).searchParams.get('token') ?? '';
      const events: string[] = [];
      supabase.auth.onAuthStateChange((event) => events.push(event));
      const verified = await supabase.auth.verifyOtp({ token_hash: hash, type: 'recovery' });
      expect(verified.error).toBeNull();
      expect(events).toContain('PASSWORD_RECOVERY');
    });

    it('answers resetPasswordForEmail for an unknown address without sending anything', async () => {
      const e = emulator();
      const email = uniqueEmail('ghost');
      const result = await client(e).auth.resetPasswordForEmail(email);
      expect(result.error).toBeNull();
      expect(await inbox(e, email)).toEqual([]);
    });

    it('PKCE sign-up: the link redirects with ?code= and exchangeCodeForSession signs in', async () => {
      const e = emulator();
      const supabase = flowClient(e, 'pkce');
      const email = uniqueEmail('pkce');
      const signUp = await supabase.auth.signUp({
        email,
        password: 'correct-horse-1',
        options: { emailRedirectTo: `${APP}/home` },
      });
      expect(signUp.error).toBeNull();
      const link = verifyLink(await latestMessage(e, email));
      expect(new URL(link).searchParams.get('token')).toMatch(/^pkce_/);
      const hop = await follow(link);
      expect(hop.location.pathname).toBe('/home');
      expect(hop.location.hash).toBe('');
      const code = hop.query.get('code') ?? '';
      expect(code).not.toBe('');

      const exchanged = await supabase.auth.exchangeCodeForSession(code);
      expect(exchanged.error).toBeNull();
      expect(exchanged.data.session?.user.email).toBe(email);
      expect(exchanged.data.user?.email_confirmed_at).toBeTruthy();

      const again = await flowClient(e, 'pkce').auth.exchangeCodeForSession(code);
      expect(again.error).not.toBeNull();
    });

    it('PKCE recovery ends in PASSWORD_RECOVERY; a wrong verifier is bad_code_verifier', async () => {
      const e = emulator();
      const { email } = await signedInUser(e, 'pkce-reset');
      const supabase = flowClient(e, 'pkce');
      await supabase.auth.resetPasswordForEmail(email, { redirectTo: `${APP}/reset-password` });
      const hop = await follow(verifyLink(await latestMessage(e, email)));
      const events: string[] = [];
      supabase.auth.onAuthStateChange((event) => events.push(event));
      const exchanged = await supabase.auth.exchangeCodeForSession(hop.query.get('code') ?? '');
      expect(exchanged.error).toBeNull();
      expect((exchanged.data as { redirectType?: string | null }).redirectType).toBe('recovery');
      expect(events).toContain('PASSWORD_RECOVERY');

      const other = flowClient(e, 'pkce');
      await other.auth.resetPasswordForEmail(email);
      const hop2 = await follow(verifyLink(await latestMessage(e, email)));
      const response = await fetch(`${e.url}/auth/v1/token?grant_type=pkce`, {
        method: 'POST',
        headers: { apikey: e.status.ANON_KEY, 'content-type': 'application/json' },
        body: JSON.stringify({ auth_code: hop2.query.get('code'), code_verifier: 'x'.repeat(64) }),
      });
      expect(response.status).toBe(400);
      expect(((await response.json()) as { code: string }).code).toBe('bad_code_verifier');

      const unknown = await fetch(`${e.url}/auth/v1/token?grant_type=pkce`, {
        method: 'POST',
        headers: { apikey: e.status.ANON_KEY, 'content-type': 'application/json' },
        body: JSON.stringify({ auth_code: crypto.randomUUID(), code_verifier: 'x'.repeat(64) }),
      });
      expect(unknown.status).toBe(404);
      expect(((await unknown.json()) as { code: string }).code).toBe('flow_state_not_found');
    });

    it('changes the e-mail after both addresses confirm (secure e-mail change)', async () => {
      const e = emulator();
      const { email, password, supabase } = await signedInUser(e, 'move');
      const next = uniqueEmail('moved');
      const updated = await supabase.auth.updateUser({ email: next });
      expect(updated.error).toBeNull();
      expect(updated.data.user?.new_email).toBe(next);
      expect(updated.data.user?.email).toBe(email);

      const first = await follow(verifyLink(await latestMessage(e, email)));
      expect(first.hash.get('message')).toMatch(/other email/);
      const second = await follow(verifyLink(await latestMessage(e, next)));
      expect(second.hash.get('access_token')).toBeTruthy();

      const signIn = await client(e).auth.signInWithPassword({ email: next, password });
      expect(signIn.error).toBeNull();
      expect(signIn.data.user?.email).toBe(next);
    });

    it('falls back to the site URL for a redirect that is not allowed', async () => {
      const e = emulator();
      const { email } = await signedInUser(e, 'redirect');
      await client(e).auth.resetPasswordForEmail(email, { redirectTo: 'https://evil.example/steal' });
      const link = verifyLink(await latestMessage(e, email));
      expect(new URL(link).searchParams.get('redirect_to')).toBe('http://127.0.0.1:4173');
      // Tampering with the link's redirect_to does not help either.
      const tampered = new URL(link);
      tampered.searchParams.set('redirect_to', 'https://evil.example/steal');
      const hop = await follow(tampered.toString());
      expect(hop.location.origin).toBe('http://127.0.0.1:4173');
    });

    it('expires links after otpExpiry', async () => {
      const e = emulator();
      const { email } = await signedInUser(e, 'expiry');
      await client(e).auth.resetPasswordForEmail(email);
      await e.engine.query(
        `update auth.one_time_tokens set created_at = created_at - interval '2 hours'
          where user_id = (select id from auth.users where email = $1)`,
        [email],
      );
      const hop = await follow(verifyLink(await latestMessage(e, email)));
      expect(hop.hash.get('error_code')).toBe('otp_expired');
      expect(hop.hash.get('access_token')).toBeNull();
    });
  },
  RELAXED_LIMITS,
);
