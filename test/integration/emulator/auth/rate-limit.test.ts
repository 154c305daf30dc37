// @clock-sensitive: rate windows on the clock
import { expect, it } from 'vitest';
import { describeEachEmulator } from '../../../support/emulator';
import { client, uniqueEmail } from './support';

describeEachEmulator(
  'auth: rate limits (small limits set through emulator options)',
  (suite) => {
    const emulator = () => suite.emulator();
    it('limits password sign-in attempts per address with 429 over_request_rate_limit', async () => {
      const supabase = client(emulator());
      const email = uniqueEmail('brute');
      const codes: Array<string | undefined> = [];
      for (let attempt = 0; attempt < 4; attempt += 1) {
        const { error } = await supabase.auth.signInWithPassword({ email, password: `guess-${attempt}` });
        codes.push(error?.code);
      }
      expect(codes).toEqual([
        'invalid_credentials',
        'invalid_credentials',
        'invalid_credentials',
        'over_request_rate_limit',
      ]);
      const last = await supabase.auth.signInWithPassword({ email, password: 'again' });
      expect(last.error?.status).toBe(429);
    });

    it('limits sign-ups per address with the same 429 over_request_rate_limit (sign_in_sign_ups)', async () => {
      const supabase = client(emulator());
      const results: Array<{ status: number | undefined; code: string | undefined }> = [];
      for (let attempt = 0; attempt < 4; attempt += 1) {
        const { error } = await supabase.auth.signUp({ email: uniqueEmail('flood'), password: 'password-1' });
        results.push({ status: error?.status, code: error?.code });
      }
      // The mail budget (3) is not the one that refuses: the sign-up limit comes first, as in GoTrue.
      expect(results.slice(0, 3).every((r) => r.code !== 'over_request_rate_limit')).toBe(true);
      expect(results[3]).toEqual({ status: 429, code: 'over_request_rate_limit' });

      // A hostile client posting directly gets GoTrue's body, and no user is created.
      const email = uniqueEmail('flood-direct');
      const res = await fetch(`${emulator().url}/auth/v1/signup`, {
        method: 'POST',
        headers: { apikey: emulator().status.ANON_KEY, 'content-type': 'application/json' },
        body: JSON.stringify({ email, password: 'password-1' }),
      });
      expect(res.status).toBe(429);
      expect(await res.json()).toMatchObject({ code: 'over_request_rate_limit' });
      const { rows } = await emulator().engine.query(`select 1 from auth.users where email = $1`, [email]);
      expect(rows).toEqual([]);
      // A magic-link request, which can create a user too, has the same limit of its own.
      const otp = async () =>
        (await supabase.auth.signInWithOtp({ email: uniqueEmail('flood-otp') })).error?.code;
      const otpCodes = [await otp(), await otp(), await otp(), await otp()];
      expect(otpCodes[3]).toBe('over_request_rate_limit');
    });
  },
  { rateLimits: { signInPer5Min: 3, emailSentPerHour: 1000, emailMinIntervalSeconds: 0 } },
);

describeEachEmulator(
  'auth: mail rate limits (small limits set through emulator options)',
  (suite) => {
    const emulator = () => suite.emulator();
    it('limits mails per address (interval) and per project (hourly budget)', async () => {
      const supabase = client(emulator());
      const first = uniqueEmail('mail-a');
      expect((await supabase.auth.signUp({ email: first, password: 'password-1' })).error).toBeNull();
      const tooSoon = await supabase.auth.resend({ type: 'signup', email: first });
      expect(tooSoon.error?.code).toBe('over_email_send_rate_limit');
      expect(tooSoon.error?.status).toBe(429);
      expect(tooSoon.error?.message).toMatch(/only request this after \d+ seconds/);

      expect(
        (await supabase.auth.signUp({ email: uniqueEmail('mail-b'), password: 'password-1' })).error,
      ).toBeNull();
      expect(
        (await supabase.auth.signUp({ email: uniqueEmail('mail-c'), password: 'password-1' })).error,
      ).toBeNull();
      const overBudget = uniqueEmail('mail-d');
      const refused = await supabase.auth.signUp({ email: overBudget, password: 'password-1' });
      expect(refused.error?.code).toBe('over_email_send_rate_limit');
      expect(refused.error?.message).toBe('email rate limit exceeded');
      // The refused sign-up left no user behind.
      const { rows } = await emulator().engine.query(`select 1 from auth.users where email = $1`, [
        overBudget,
      ]);
      expect(rows).toEqual([]);
    });
  },
  { rateLimits: { signInPer5Min: 10, emailSentPerHour: 3, emailMinIntervalSeconds: 60 } },
);
