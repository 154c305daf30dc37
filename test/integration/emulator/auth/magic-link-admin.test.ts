// @clock-sensitive: one-time codes' expiry
import { expect, it } from 'vitest';
import { describeEachEmulator, createTestClient } from '../../../support/emulator';
import {
  RELAXED_LIMITS,
  client,
  decodeJwtPayload,
  follow,
  inbox,
  latestMessage,
  signedInUser,
  uniqueEmail,
  verifyLink,
} from './support';

describeEachEmulator(
  'auth: magic links and the admin API',
  (suite) => {
    const emulator = () => suite.emulator();

    it('signInWithOtp mails a magic link that signs an existing user in', async () => {
      const e = emulator();
      const { email } = await signedInUser(e, 'magic');
      const sent = await client(e).auth.signInWithOtp({ email, options: { shouldCreateUser: false } });
      expect(sent.error).toBeNull();
      const mail = await latestMessage(e, email);
      expect(mail.subject).toBe('Your Spotter sign-in link');
      const hop = await follow(verifyLink(mail));
      expect(hop.hash.get('type')).toBe('magiclink');
      const claims = decodeJwtPayload(hop.hash.get('access_token') ?? '');
      expect((claims.amr as Array<{ method: string }>)[0]?.method).toBe('otp');
    });

    it('signInWithOtp without shouldCreateUser refuses unknown addresses and sends nothing', async () => {
      const e = emulator();
      const email = uniqueEmail('no-user');
      const result = await client(e).auth.signInWithOtp({ email, options: { shouldCreateUser: false } });
      expect(result.error?.code).toBe('otp_disabled');
      expect(await inbox(e, email)).toEqual([]);
    });

    it('signInAnonymously is disabled like a new hosted project', async () => {
      const result = await client(emulator()).auth.signInAnonymously();
      expect(result.error?.code).toBe('anonymous_provider_disabled');
      expect(result.error?.status).toBe(422);
    });

    it('admin.inviteUserByEmail mails an invitation whose link signs the new user in', async () => {
      const e = emulator();
      const admin = createTestClient(e, { key: 'service_role' });
      const email = uniqueEmail('invited');
      const invited = await admin.auth.admin.inviteUserByEmail(email, { data: { username: 'newbie' } });
      expect(invited.error).toBeNull();
      expect(invited.data.user?.invited_at).toBeTruthy();
      const mail = await latestMessage(e, email);
      expect(mail.subject).toBe("You've been invited to Spotter");
      const hop = await follow(verifyLink(mail));
      expect(hop.hash.get('type')).toBe('invite');
      expect(hop.hash.get('access_token')).toBeTruthy();
      const refused = await client(e).auth.admin.inviteUserByEmail(uniqueEmail('x'));
      expect(refused.error?.status).toBe(403);
    });

    it('admin.createUser, generateLink (link and code work, no mail sent), listUsers, deleteUser', async () => {
      const e = emulator();
      const admin = createTestClient(e, { key: 'service_role' });
      const email = uniqueEmail('admin');
      const created = await admin.auth.admin.createUser({
        email,
        password: 'password-1',
        email_confirm: true,
        user_metadata: { username: 'seeded' },
      });
      expect(created.error).toBeNull();
      expect(created.data.user?.user_metadata).toEqual({ username: 'seeded' });

      const link = await admin.auth.admin.generateLink({ type: 'magiclink', email });
      expect(link.error).toBeNull();
      expect(link.data.properties?.verification_type).toBe('magiclink');
      expect(link.data.properties?.email_otp).toMatch(/^\d{6}$/);
      expect(await inbox(e, email)).toEqual([]);
      const hop = await follow(link.data.properties?.action_link ?? '');
      expect(hop.hash.get('access_token')).toBeTruthy();

      const recovery = await admin.auth.admin.generateLink({ type: 'recovery', email });
      const viaCode = await client(e).auth.verifyOtp({
        email,
        token: recovery.data.properties?.email_otp ?? '',
        type: 'recovery',
      });
      expect(viaCode.error).toBeNull();

      const listed = await admin.auth.admin.listUsers({ page: 1, perPage: 1000 });
      expect(listed.data.users.some((u) => u.email === email)).toBe(true);
      const id = created.data.user?.id ?? '';
      const removed = await admin.auth.admin.deleteUser(id);
      expect(removed.error).toBeNull();
      const gone = await admin.auth.admin.getUserById(id);
      expect(gone.error?.status).toBe(404);
    });
  },
  RELAXED_LIMITS,
);
