/**
 * The new API keys: `sb_publishable_…` acts as anon and `sb_secret_…` as service_role, through the
 * unmodified supabase-js client, next to the legacy JWT keys. As on hosted Supabase, a request that
 * carries only `apikey: sb_publishable_…` (no Bearer JWT) is an anon request.
 */
import { expect, it } from 'vitest';
import { createTestClient, describeEachEmulator } from '../../../support/emulator';
import { RELAXED_LIMITS, uniqueEmail } from './support';

describeEachEmulator(
  'auth: publishable and secret keys',
  (suite) => {
    const emulator = () => suite.emulator();

    it('prints both forms of keys', () => {
      const { status } = emulator();
      expect(status.PUBLISHABLE_KEY).toMatch(/^sb_publishable_/);
      expect(status.SECRET_KEY).toMatch(/^sb_secret_/);
      expect(status.ANON_KEY.split('.')).toHaveLength(3);
    });

    it('a secret-key client uses the admin API and reads past RLS; a publishable-key client signs in', async () => {
      const admin = createTestClient(emulator(), { key: 'secret' });
      const email = uniqueEmail('keys');
      const password = 'correct-horse-1';
      const created = await admin.auth.admin.createUser({ email, password, email_confirm: true });
      expect(created.error).toBeNull();
      const id = created.data.user?.id;
      if (!id) throw new Error('createUser returned no user');
      const { data: rows, error } = await admin.from('profiles').select('id').eq('id', id);
      expect(error).toBeNull();
      expect(rows).toEqual([{ id }]);

      const app = createTestClient(emulator(), { key: 'publishable', persistSession: true });
      const signIn = await app.auth.signInWithPassword({ email, password });
      expect(signIn.error).toBeNull();
      const { data: user } = await app.auth.getUser();
      expect(user.user?.id).toBe(id);
      const own = await app.from('profiles').select('id').eq('id', id);
      expect(own.data).toEqual([{ id }]);

      // The publishable key is not an admin key.
      const notAdmin = await createTestClient(emulator(), { key: 'publishable' }).auth.admin.listUsers();
      expect(notAdmin.error?.status).toBe(403);
    });

    it('apikey alone: a publishable key answers exactly as the anon key; a made-up key is refused', async () => {
      const ask = (apikey: string) =>
        fetch(`${emulator().url}/rest/v1/achievements?select=*&order=id&limit=3`, { headers: { apikey } });
      const anon = await ask(emulator().status.ANON_KEY);
      const publishable = await ask(emulator().status.PUBLISHABLE_KEY);
      expect(anon.status).toBe(200);
      expect(publishable.status).toBe(200);
      expect(await publishable.json()).toEqual(await anon.json());
      // anon has no grant on profiles: the publishable key gets the same refusal, not service_role's rows.
      const profiles = (apikey: string) =>
        fetch(`${emulator().url}/rest/v1/profiles?select=id&limit=1`, { headers: { apikey } });
      const anonProfiles = await profiles(emulator().status.ANON_KEY);
      const publishableProfiles = await profiles(emulator().status.PUBLISHABLE_KEY);
      expect(publishableProfiles.status).toBe(anonProfiles.status);
      expect(await publishableProfiles.json()).toEqual(await anonProfiles.json());

      const forged = await ask('sb_publishable_not-a-real-key_0000');
      expect(forged.status).toBe(401);
      const settings = await fetch(`${emulator().url}/auth/v1/settings`, {
        headers: { apikey: 'sb_secret_not-a-real-key_0000' },
      });
      expect(settings.status).toBe(401);
      expect(await settings.json()).toMatchObject({ message: 'Invalid API key' });
    });
  },
  { engines: ['pglite'], ...RELAXED_LIMITS },
);
