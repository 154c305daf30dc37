// @clock-sensitive: one-time codes and tokens' expiry
import { describe, expect, it } from 'vitest';
import { describeEachEmulator } from '../../../support/emulator';
import {
  RELAXED_LIMITS,
  client,
  decodeJwtPayload,
  flowClient,
  follow,
  latestMessage,
  otpOf,
  uniqueEmail,
  verifyLink,
} from './support';

const APP = 'http://127.0.0.1:4173';

describeEachEmulator(
  'auth: sign-up, confirmation and password sign-in',
  (suite) => {
    const emulator = () => suite.emulator();
    it('signs up, mails a Spotter confirmation link, and the link signs the user in', async () => {
      const supabase = client(emulator());
      const email = uniqueEmail('signup');
      const { data, error } = await supabase.auth.signUp({
        email,
        password: 'correct-horse-1',
        options: { data: { username: 'lifter' }, emailRedirectTo: `${APP}/home` },
      });
      expect(error).toBeNull();
      expect(data.session).toBeNull();
      expect(data.user?.email).toBe(email);
      expect(data.user?.user_metadata).toEqual({ username: 'lifter' });
      expect(data.user?.confirmation_sent_at).toBeTruthy();
      // The product's trigger on auth.users made the profile from the sign-up data.
      const profile = await emulator().engine.query<{ username: string }>(
        `select username from public.profiles where id = $1`,
        [data.user?.id],
      );
      expect(profile.rows[0]?.username).toBe('lifter');
      expect(data.user?.email_confirmed_at).toBeUndefined();

      const mail = await latestMessage(emulator(), email);
      expect(mail.subject).toBe('Confirm your Spotter account');
      expect(mail.html).toContain('Spotter');
      expect(mail.text).toContain('Spotter');

      const hop = await follow(verifyLink(mail));
      expect(hop.status).toBe(303);
      expect(`${hop.location.origin}${hop.location.pathname}`).toBe(`${APP}/home`);
      expect(hop.hash.get('type')).toBe('signup');
      expect(hop.hash.get('token_type')).toBe('bearer');
      expect(Number(hop.hash.get('expires_in'))).toBe(3600);
      const accessToken = hop.hash.get('access_token') ?? '';
      const refreshToken = hop.hash.get('refresh_token') ?? '';

      const browser = flowClient(emulator());
      const session = await browser.auth.setSession({
        access_token: accessToken,
        refresh_token: refreshToken,
      });
      expect(session.error).toBeNull();
      const user = await browser.auth.getUser();
      expect(user.data.user?.email).toBe(email);
      expect(user.data.user?.email_confirmed_at).toBeTruthy();
      expect(user.data.user?.identities?.[0]?.provider).toBe('email');

      const claims = decodeJwtPayload(accessToken);
      expect(claims).toMatchObject({
        iss: `${emulator().url}/auth/v1`,
        sub: user.data.user?.id,
        aud: 'authenticated',
        email,
        phone: '',
        role: 'authenticated',
        aal: 'aal1',
        is_anonymous: false,
        app_metadata: { provider: 'email', providers: ['email'] },
        user_metadata: { username: 'lifter' },
      });
      expect((claims.amr as Array<{ method: string }>)[0]?.method).toBe('otp');
      expect(typeof claims.session_id).toBe('string');

      // The link works once.
      const again = await follow(verifyLink(mail));
      expect(again.hash.get('error_code')).toBe('otp_expired');
      expect(again.hash.get('error')).toBe('access_denied');

      // And now the password works.
      const signIn = await supabase.auth.signInWithPassword({ email, password: 'correct-horse-1' });
      expect(signIn.error).toBeNull();
      expect(signIn.data.session?.user.email).toBe(email);
    });

    it('refuses a wrong password and an unconfirmed address with GoTrue codes', async () => {
      const supabase = client(emulator());
      const email = uniqueEmail('unconfirmed');
      await supabase.auth.signUp({ email, password: 'correct-horse-1' });

      const unconfirmed = await supabase.auth.signInWithPassword({ email, password: 'correct-horse-1' });
      expect(unconfirmed.error?.code).toBe('email_not_confirmed');
      expect(unconfirmed.error?.status).toBe(400);
      expect(unconfirmed.error?.message).toBe('Email not confirmed');

      const wrong = await supabase.auth.signInWithPassword({ email, password: 'not-the-password' });
      expect(wrong.error?.message).toBe('Invalid login credentials');
      expect(wrong.error?.code).toBe('invalid_credentials');
      expect(wrong.error?.status).toBe(400);

      const unknown = await supabase.auth.signInWithPassword({
        email: uniqueEmail('nobody'),
        password: 'whatever-123',
      });
      expect(unknown.error?.code).toBe('invalid_credentials');
    });

    it('answers a repeated sign-up for a confirmed address with a look-alike user', async () => {
      const supabase = client(emulator());
      const email = uniqueEmail('twice');
      await supabase.auth.signUp({ email, password: 'correct-horse-1' });
      await follow(verifyLink(await latestMessage(emulator(), email)));

      const second = await supabase.auth.signUp({ email, password: 'another-pass-2' });
      expect(second.error).toBeNull();
      expect(second.data.user?.identities).toEqual([]);
      expect(second.data.session).toBeNull();
      // The original password still works; the second sign-up changed nothing.
      const signIn = await supabase.auth.signInWithPassword({ email, password: 'correct-horse-1' });
      expect(signIn.error).toBeNull();
    });

    it('rejects weak passwords and invalid addresses', async () => {
      const supabase = client(emulator());
      const weak = await supabase.auth.signUp({ email: uniqueEmail('weak'), password: '123' });
      expect(weak.error?.code).toBe('weak_password');
      expect(weak.error?.status).toBe(422);
      expect(weak.error?.name).toBe('AuthWeakPasswordError');

      const invalid = await supabase.auth.signUp({ email: 'not-an-email', password: 'correct-horse-1' });
      expect(invalid.error?.code).toBe('validation_failed');
      expect(invalid.error?.status).toBe(400);
    });

    it('resends the confirmation mail; the newest link wins', async () => {
      const supabase = client(emulator());
      const email = uniqueEmail('resend');
      await supabase.auth.signUp({ email, password: 'correct-horse-1' });
      const first = await latestMessage(emulator(), email);
      const resent = await supabase.auth.resend({ type: 'signup', email });
      expect(resent.error).toBeNull();
      const second = await latestMessage(emulator(), email);
      expect(second.id).not.toBe(first.id);

      const stale = await follow(verifyLink(first));
      expect(stale.hash.get('error_code')).toBe('otp_expired');
      const fresh = await follow(verifyLink(second));
      expect(fresh.hash.get('access_token')).toBeTruthy();
    });

    it('verifies with token_hash and with e-mail + 6-digit code (verifyOtp)', async () => {
      const supabase = client(emulator());
      const byHash = uniqueEmail('hash');
      await supabase.auth.signUp({ email: byHash, password: 'correct-horse-1' });
      const hash =
        new URL(verifyLink(await latestMessage(emulator(), byHash))).searchParams.get('token') ?? '';
      const verified = await supabase.auth.verifyOtp({ token_hash: hash, type: 'signup' });
      expect(verified.error).toBeNull();
      expect(verified.data.session?.user.email).toBe(byHash);
      const reused = await supabase.auth.verifyOtp({ token_hash: hash, type: 'signup' });
      expect(reused.error?.code).toBe('otp_expired');
      expect(reused.error?.status).toBe(403);

      const byCode = uniqueEmail('code');
      await supabase.auth.signUp({ email: byCode, password: 'correct-horse-1' });
      const code = otpOf(await latestMessage(emulator(), byCode));
      const wrong = await supabase.auth.verifyOtp({
        email: byCode,
        token: code === '000000' ? '000001' : '000000',
        type: 'signup',
      });
      expect(wrong.error?.code).toBe('otp_expired');
      const ok = await supabase.auth.verifyOtp({ email: byCode, token: code, type: 'signup' });
      expect(ok.error).toBeNull();
      expect(ok.data.user?.email).toBe(byCode);
    });

    it('keeps user metadata: sign-up data, then updateUser({ data }) merges walkthrough_done_v1', async () => {
      const supabase = flowClient(emulator());
      const email = uniqueEmail('meta');
      await supabase.auth.signUp({
        email,
        password: 'correct-horse-1',
        options: { data: { username: 'ana' } },
      });
      await follow(verifyLink(await latestMessage(emulator(), email)));
      await supabase.auth.signInWithPassword({ email, password: 'correct-horse-1' });

      const events: string[] = [];
      supabase.auth.onAuthStateChange((event) => events.push(event));
      const updated = await supabase.auth.updateUser({ data: { walkthrough_done_v1: true } });
      expect(updated.error).toBeNull();
      expect(updated.data.user?.user_metadata).toEqual({ username: 'ana', walkthrough_done_v1: true });
      const fetched = await supabase.auth.getUser();
      expect(fetched.data.user?.user_metadata.walkthrough_done_v1).toBe(true);
      expect(events).toContain('USER_UPDATED');
      // A key set to null is removed, as GoTrue does.
      const cleared = await supabase.auth.updateUser({ data: { username: null } });
      expect(cleared.data.user?.user_metadata).toEqual({ walkthrough_done_v1: true });
    });

    it('verifies access tokens locally with getClaims() (ES256 + JWKS)', async () => {
      const requests: string[] = [];
      const countingFetch: typeof fetch = (input, init) => {
        requests.push(new URL(input instanceof Request ? input.url : String(input)).pathname);
        return fetch(input, init);
      };
      const supabase = flowClient(emulator(), 'implicit', countingFetch);
      const email = uniqueEmail('claims');
      await supabase.auth.signUp({ email, password: 'correct-horse-1' });
      await follow(verifyLink(await latestMessage(emulator(), email)));
      const signIn = await supabase.auth.signInWithPassword({ email, password: 'correct-horse-1' });
      const token = signIn.data.session?.access_token ?? '';
      const header = JSON.parse(Buffer.from(token.split('.')[0] ?? '', 'base64url').toString()) as Record<
        string,
        unknown
      >;
      expect(header).toMatchObject({ alg: 'ES256', kid: emulator().context.keys.kid });

      requests.length = 0;
      const claims = await supabase.auth.getClaims();
      expect(claims.error).toBeNull();
      expect(claims.data?.claims.email).toBe(email);
      expect(claims.data?.claims.amr?.[0]).toMatchObject({ method: 'password' });
      // Verified with the published key, not by asking the server about the user.
      expect(requests).toEqual(['/auth/v1/.well-known/jwks.json']);

      const [h, p, sig = ''] = token.split('.');
      const flipped = `${sig.slice(0, 10)}${sig[10] === 'A' ? 'B' : 'A'}${sig.slice(11)}`;
      const bad = await supabase.auth.getClaims(`${h}.${p}.${flipped}`);
      expect(bad.error).not.toBeNull();
      expect(bad.data).toBeNull();
    });
  },
  RELAXED_LIMITS,
);

describeEachEmulator(
  'auth: autoconfirm',
  (suite) => {
    const emulator = () => suite.emulator();
    it('signs in at once and answers 422 user_already_exists for a taken address', async () => {
      const supabase = client(emulator());
      const email = uniqueEmail('auto');
      const first = await supabase.auth.signUp({ email, password: 'correct-horse-1' });
      expect(first.error).toBeNull();
      expect(first.data.session?.access_token).toBeTruthy();
      expect(first.data.user?.email_confirmed_at).toBeTruthy();
      const second = await supabase.auth.signUp({ email, password: 'correct-horse-1' });
      expect(second.error?.code).toBe('user_already_exists');
      expect(second.error?.status).toBe(422);
    });
  },
  { ...RELAXED_LIMITS, autoconfirm: true },
);

describe('support', () => {
  it('makes unique addresses', () => {
    expect(uniqueEmail()).not.toBe(uniqueEmail());
  });
});
