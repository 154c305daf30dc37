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
  { rateLimits: { signInPer5Min: 3, emailSentPerHour: 3, emailMinIntervalSeconds: 60 } },
);
