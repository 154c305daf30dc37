// @clock-sensitive: signed URLs' expiry
/**
 * Signed download and upload URLs through supabase-js: signing asks the policies, the URL then works
 * without a key until it expires, and a token only opens the object it names.
 */
import { beforeAll, expect, it } from 'vitest';
import { createTestClient, describeEachEmulator } from '../../../support/emulator';
import { PNG, WEBP, signedInUser, type TestUser } from './storage-helpers';

describeEachEmulator('storage: signed URLs via supabase-js', (suite) => {
  const emulator = () => suite.emulator();
  let alice: TestUser;
  let bob: TestUser;

  beforeAll(async () => {
    alice = await signedInUser(emulator());
    bob = await signedInUser(emulator());
    const { error } = await alice.client.storage
      .from('avatars')
      .upload(`${alice.id}/a.png`, PNG, { contentType: 'image/png' });
    expect(error).toBeNull();
  });

  it('a signed URL serves the object without a key and only that object', async () => {
    const { data, error } = await alice.client.storage
      .from('avatars')
      .createSignedUrl(`${alice.id}/a.png`, 60);
    expect(error).toBeNull();
    const signedUrl = data?.signedUrl ?? '';
    expect(signedUrl).toContain(`/storage/v1/object/sign/avatars/${alice.id}/a.png?token=`);
    const response = await fetch(signedUrl);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await response.arrayBuffer()).equals(PNG)).toBe(true);

    const otherObject = await fetch(signedUrl.replace('/a.png?', '/b.png?'));
    expect(otherObject.status).toBe(400);
    expect(await otherObject.json()).toMatchObject({ statusCode: '400', message: 'Invalid signature' });

    const tampered = await fetch(`${signedUrl.slice(0, -3)}abc`);
    expect(tampered.status).toBe(400);
    const noToken = await fetch(signedUrl.split('?')[0] ?? '');
    expect(noToken.status).toBe(400);
  });

  it('signs many paths, reporting the ones that are missing', async () => {
    const { data, error } = await alice.client.storage
      .from('avatars')
      .createSignedUrls([`${alice.id}/a.png`, `${alice.id}/missing.png`], 60);
    expect(error).toBeNull();
    expect(data?.[0]?.signedUrl).toContain('token=');
    expect(data?.[1]).toMatchObject({ signedUrl: null, path: `${alice.id}/missing.png` });
    expect(data?.[1]?.error).toMatch(/does not exist/);
  });

  it('a missing object cannot be signed', async () => {
    const { error } = await alice.client.storage.from('avatars').createSignedUrl(`${alice.id}/nope.png`, 60);
    expect(error).toMatchObject({ statusCode: '404' });
  });

  it('a signed upload URL is issued only where the signer may write, and then needs no key', async () => {
    const refused = await bob.client.storage.from('avatars').createSignedUploadUrl(`${alice.id}/bob.png`);
    expect(refused.error).toMatchObject({ statusCode: '403' });

    const { data, error } = await bob.client.storage
      .from('avatars')
      .createSignedUploadUrl(`${bob.id}/signed.webp`);
    expect(error).toBeNull();
    const anon = createTestClient(emulator());
    const uploaded = await anon.storage
      .from('avatars')
      .uploadToSignedUrl(`${bob.id}/signed.webp`, data?.token ?? '', WEBP, { contentType: 'image/webp' });
    expect(uploaded.error).toBeNull();
    expect(uploaded.data).toMatchObject({
      path: `${bob.id}/signed.webp`,
      fullPath: `avatars/${bob.id}/signed.webp`,
    });

    const { rows } = await emulator().engine.query<{ owner: string }>(
      `select owner from storage.objects where bucket_id = 'avatars' and name = $1`,
      [`${bob.id}/signed.webp`],
    );
    expect(rows[0]?.owner).toBe(bob.id);

    // The bucket's limits still hold, and the token opens only the path it names.
    const wrongType = await anon.storage
      .from('avatars')
      .uploadToSignedUrl(`${bob.id}/signed.webp`, data?.token ?? '', 'text', { contentType: 'text/plain' });
    expect(wrongType.error).toMatchObject({ statusCode: '415' });
    const elsewhere = await anon.storage
      .from('avatars')
      .uploadToSignedUrl(`${alice.id}/signed.webp`, data?.token ?? '', WEBP, { contentType: 'image/webp' });
    expect(elsewhere.error).toMatchObject({ statusCode: '400' });
  });
});
