// @clock-sensitive: TOTP codes from the clock
import { expect, it } from 'vitest';
import { describeEachEmulator } from '../../../support/emulator';
import {
  RELAXED_LIMITS,
  decodeJwtPayload,
  flowClient,
  latestMessage,
  otpOf,
  signedInUser,
  totpNow,
} from './support';

describeEachEmulator(
  'auth: MFA (TOTP and phone)',
  (suite) => {
    const emulator = () => suite.emulator();
    it('enrols TOTP, verifies to aal2 with amr, enforces insufficient_aal, and unenrols', async () => {
      const e = emulator();
      const { email, password, supabase } = await signedInUser(e, 'totp');
      const bystander = flowClient(e);
      await bystander.auth.signInWithPassword({ email, password });
      const bystanderToken = (await bystander.auth.getSession()).data.session?.access_token ?? '';

      const enrolled = await supabase.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'Phone app' });
      expect(enrolled.error).toBeNull();
      const factor = enrolled.data;
      if (!factor || factor.type !== 'totp') throw new Error('no totp factor');
      expect(factor.friendly_name).toBe('Phone app');
      expect(factor.totp.qr_code.startsWith('data:image/svg+xml;utf-8,<svg')).toBe(true);
      expect(factor.totp.secret).toMatch(/^[A-Z2-7]{32}$/);
      expect(factor.totp.uri).toMatch(/^otpauth:\/\/totp\//);
      expect(factor.totp.uri).toContain(`secret=${factor.totp.secret}`);
      expect(factor.totp.uri).toContain('issuer=127.0.0.1%3A4173');

      const listed = await supabase.auth.mfa.listFactors();
      expect(listed.data?.all.map((f) => [f.id, f.status])).toEqual([[factor.id, 'unverified']]);

      const challenge = await supabase.auth.mfa.challenge({ factorId: factor.id });
      expect(challenge.error).toBeNull();
      expect(challenge.data?.type).toBe('totp');
      expect(challenge.data?.expires_at).toBeGreaterThan(Date.now() / 1000);
      const challengeId = challenge.data?.id ?? '';

      const good = totpNow(factor.totp.secret);
      const wrong = await supabase.auth.mfa.verify({
        factorId: factor.id,
        challengeId,
        code: good === '123456' ? '654321' : '123456',
      });
      expect(wrong.error?.code).toBe('mfa_verification_failed');
      expect(wrong.error?.status).toBe(422);

      const events: string[] = [];
      supabase.auth.onAuthStateChange((event) => events.push(event));
      const verified = await supabase.auth.mfa.verify({
        factorId: factor.id,
        challengeId,
        code: totpNow(factor.totp.secret),
      });
      expect(verified.error).toBeNull();
      expect(events).toContain('MFA_CHALLENGE_VERIFIED');
      const claims = decodeJwtPayload(verified.data?.access_token ?? '');
      expect(claims.aal).toBe('aal2');
      expect((claims.amr as Array<{ method: string }>).map((a) => a.method)).toEqual(['totp', 'password']);
      const aal = await supabase.auth.mfa.getAuthenticatorAssuranceLevel();
      expect(aal.data).toMatchObject({ currentLevel: 'aal2', nextLevel: 'aal2' });

      // Verifying a factor ends the user's other aal1 sessions.
      const bystanderCheck = await fetch(`${e.url}/auth/v1/user`, {
        headers: { apikey: e.status.ANON_KEY, authorization: `Bearer ${bystanderToken}` },
      });
      expect(bystanderCheck.status).toBe(403);

      // A new password sign-in is aal1 with aal2 as the next level.
      const second = flowClient(e);
      await second.auth.signInWithPassword({ email, password });
      const secondAal = await second.auth.mfa.getAuthenticatorAssuranceLevel();
      expect(secondAal.data).toMatchObject({ currentLevel: 'aal1', nextLevel: 'aal2' });
      const noPassword = await second.auth.updateUser({ password: 'another-password-9' });
      expect(noPassword.error?.code).toBe('insufficient_aal');
      expect(noPassword.error?.status).toBe(401);
      const noEnroll = await second.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'second' });
      expect(noEnroll.error?.code).toBe('insufficient_aal');
      expect(noEnroll.error?.status).toBe(403);
      const noUnenroll = await second.auth.mfa.unenroll({ factorId: factor.id });
      expect(noUnenroll.error?.code).toBe('insufficient_aal');

      // challengeAndVerify raises it; then the factor can go.
      const raised = await second.auth.mfa.challengeAndVerify({
        factorId: factor.id,
        code: totpNow(factor.totp.secret),
      });
      expect(raised.error).toBeNull();
      const removed = await second.auth.mfa.unenroll({ factorId: factor.id });
      expect(removed.error).toBeNull();
      expect(removed.data).toEqual({ id: factor.id });
      const refreshed = await second.auth.refreshSession();
      expect(decodeJwtPayload(refreshed.data.session?.access_token ?? '').aal).toBe('aal1');
      const after = await second.auth.mfa.listFactors();
      expect(after.data?.all).toEqual([]);
    });

    it('refuses a duplicate friendly name and unknown factors', async () => {
      const { supabase } = await signedInUser(emulator(), 'dupe');
      const first = await supabase.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'same' });
      expect(first.error).toBeNull();
      const second = await supabase.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'same' });
      expect(second.error?.code).toBe('mfa_factor_name_conflict');
      const unknown = await supabase.auth.mfa.challenge({ factorId: crypto.randomUUID() });
      expect(unknown.error?.code).toBe('mfa_factor_not_found');
      expect(unknown.error?.status).toBe(404);
    });

    it('enrols a phone factor; the code arrives as an SMS in the inbox', async () => {
      const e = emulator();
      const { supabase } = await signedInUser(e, 'sms');
      const phone = `+1555${String(Date.now()).slice(-7)}`;
      const enrolled = await supabase.auth.mfa.enroll({ factorType: 'phone', phone, friendlyName: 'Mobile' });
      expect(enrolled.error).toBeNull();
      const factorId = enrolled.data?.id ?? '';
      expect(enrolled.data?.type).toBe('phone');

      const challenge = await supabase.auth.mfa.challenge({ factorId, channel: 'sms' });
      expect(challenge.error).toBeNull();
      const sms = await latestMessage(e, phone);
      expect(sms.channel).toBe('sms');
      expect(sms.text).toContain('Spotter');
      const verified = await supabase.auth.mfa.verify({
        factorId,
        challengeId: challenge.data?.id ?? '',
        code: otpOf(sms),
      });
      expect(verified.error).toBeNull();
      const claims = decodeJwtPayload(verified.data?.access_token ?? '');
      expect(claims.aal).toBe('aal2');
      expect((claims.amr as Array<{ method: string }>)[0]?.method).toBe('mfa/phone');
      const factors = await supabase.auth.mfa.listFactors();
      expect(factors.data?.phone.map((f) => f.status)).toEqual(['verified']);

      // A second challenge within 5 s is refused.
      const tooSoon = await supabase.auth.mfa.challenge({ factorId });
      expect(tooSoon.error?.status).toBe(429);
    });
  },
  RELAXED_LIMITS,
);
