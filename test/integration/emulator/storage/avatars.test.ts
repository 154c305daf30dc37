/**
 * The avatars bucket end to end through the unmodified supabase-js client: owners write into their own
 * folder, everyone reads through the public URL, the bucket's size and type limits hold.
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, expect, it } from 'vitest';
import { createTestClient, describeEachEmulator } from '../../../support/emulator';
import { PNG, WEBP, signedInUser, type TestUser } from './storage-helpers';

describeEachEmulator('storage: avatars bucket via supabase-js', (suite) => {
  const emulator = () => suite.emulator();
  let alice: TestUser;
  let bob: TestUser;

  beforeAll(async () => {
    alice = await signedInUser(emulator());
    bob = await signedInUser(emulator());
  });

  it('a user uploads a PNG into their own folder and gets its id and key back', async () => {
    const { data, error } = await alice.client.storage
      .from('avatars')
      .upload(`${alice.id}/avatar.png`, PNG, { contentType: 'image/png', cacheControl: '60' });
    expect(error).toBeNull();
    expect(data).toMatchObject({
      path: `${alice.id}/avatar.png`,
      fullPath: `avatars/${alice.id}/avatar.png`,
    });
    expect(data?.id).toMatch(/^[0-9a-f-]{36}$/);

    const { rows } = await emulator().engine.query<{
      owner: string;
      metadata: { size: number; mimetype: string };
    }>(`select owner, metadata from storage.objects where bucket_id = 'avatars' and name = $1`, [
      `${alice.id}/avatar.png`,
    ]);
    expect(rows[0]?.owner).toBe(alice.id);
    expect(rows[0]?.metadata).toMatchObject({ size: PNG.byteLength, mimetype: 'image/png' });
  });

  it('the public URL serves the bytes with their content type, cache control and ETag, without a key', async () => {
    const { data } = alice.client.storage.from('avatars').getPublicUrl(`${alice.id}/avatar.png`);
    expect(data.publicUrl).toBe(`${emulator().url}/storage/v1/object/public/avatars/${alice.id}/avatar.png`);
    const response = await fetch(data.publicUrl);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/png');
    expect(response.headers.get('cache-control')).toBe('max-age=60');
    const etag = response.headers.get('etag');
    expect(etag).toMatch(/^"[0-9a-f]{32}"$/);
    expect(Buffer.from(await response.arrayBuffer()).equals(PNG)).toBe(true);

    const again = await fetch(data.publicUrl, { headers: { 'if-none-match': etag ?? '' } });
    expect(again.status).toBe(304);

    const part = await fetch(data.publicUrl, { headers: { range: 'bytes=0-7' } });
    expect(part.status).toBe(206);
    expect(Buffer.from(await part.arrayBuffer()).equals(PNG.subarray(0, 8))).toBe(true);
  });

  it('the authenticated path serves only the owner; everyone else reads avatars by public URL', async () => {
    // The select policy covers the owner's own folder only, so nobody can list other users' folders
    // (splinter: public_bucket_allows_listing); a public bucket still serves every file by URL.
    const own = await alice.client.storage.from('avatars').download(`${alice.id}/avatar.png`);
    expect(own.error).toBeNull();
    expect(own.data?.type).toBe('image/png');
    expect(Buffer.from(await own.data!.arrayBuffer()).equals(PNG)).toBe(true);

    const other = await bob.client.storage.from('avatars').download(`${alice.id}/avatar.png`);
    expect(other.error).not.toBeNull();

    const anon = createTestClient(emulator());
    expect((await anon.storage.from('avatars').exists(`${alice.id}/avatar.png`)).data).toBe(false);

    const publicUrl = anon.storage.from('avatars').getPublicUrl(`${alice.id}/avatar.png`).data.publicUrl;
    const response = await fetch(publicUrl);
    expect(response.status).toBe(200);
    expect(Buffer.from(await response.arrayBuffer()).equals(PNG)).toBe(true);
  });

  it('uploads a Blob as multipart form data with its own type', async () => {
    const blob = new Blob([WEBP], { type: 'image/webp' });
    const { error } = await alice.client.storage.from('avatars').upload(`${alice.id}/blob.webp`, blob);
    expect(error).toBeNull();
    const response = await fetch(
      alice.client.storage.from('avatars').getPublicUrl(`${alice.id}/blob.webp`).data.publicUrl,
    );
    expect(response.headers.get('content-type')).toBe('image/webp');
    expect(response.headers.get('cache-control')).toBe('max-age=3600');
    expect(Buffer.from(await response.arrayBuffer()).equals(WEBP)).toBe(true);
  });

  it('another user can neither overwrite nor delete it', async () => {
    const path = `${alice.id}/avatar.png`;
    const overwrite = await bob.client.storage.from('avatars').upload(path, WEBP, {
      contentType: 'image/webp',
      upsert: true,
    });
    expect(overwrite.error).toMatchObject({
      statusCode: '403',
      message: 'new row violates row-level security policy',
    });

    const update = await bob.client.storage.from('avatars').update(path, WEBP, { contentType: 'image/webp' });
    expect(update.error).toMatchObject({ statusCode: '403' });

    // The insert policy is checked before the unique name, as in Postgres and hosted Storage.
    const plain = await bob.client.storage.from('avatars').upload(path, WEBP, { contentType: 'image/webp' });
    expect(plain.error).toMatchObject({ statusCode: '403' });

    const own = await alice.client.storage.from('avatars').upload(path, WEBP, { contentType: 'image/webp' });
    expect(own.error).toMatchObject({ statusCode: '409', message: 'The resource already exists' });

    const removed = await bob.client.storage.from('avatars').remove([path]);
    expect(removed.error).toBeNull();
    expect(removed.data).toEqual([]);

    const still = await fetch(`${emulator().url}/storage/v1/object/public/avatars/${path}`);
    expect(Buffer.from(await still.arrayBuffer()).equals(PNG)).toBe(true);
  });

  it('refuses uploads outside the own folder, into the bucket root and from anon', async () => {
    const other = await bob.client.storage
      .from('avatars')
      .upload(`${alice.id}/evil.png`, PNG, { contentType: 'image/png' });
    expect(other.error).toMatchObject({ statusCode: '403' });

    const root = await bob.client.storage
      .from('avatars')
      .upload('root.png', PNG, { contentType: 'image/png' });
    expect(root.error).toMatchObject({ statusCode: '403' });

    const anon = createTestClient(emulator());
    const anonUpload = await anon.storage
      .from('avatars')
      .upload(`${alice.id}/anon.png`, PNG, { contentType: 'image/png' });
    expect(anonUpload.error).toMatchObject({ statusCode: '403' });

    const { rows } = await emulator().engine.query(
      `select name from storage.objects where name in ($1, 'root.png', $2)`,
      [`${alice.id}/evil.png`, `${alice.id}/anon.png`],
    );
    expect(rows).toEqual([]);
  });

  it('refuses files over 2 MB (413) and non-image types (415)', async () => {
    const big = Buffer.alloc(2 * 1024 * 1024 + 1, 1);
    const tooLarge = await alice.client.storage
      .from('avatars')
      .upload(`${alice.id}/big.png`, big, { contentType: 'image/png' });
    expect(tooLarge.error).toMatchObject({
      statusCode: '413',
      message: 'The object exceeded the maximum allowed size',
    });

    const bigBlob = await alice.client.storage
      .from('avatars')
      .upload(`${alice.id}/big-blob.png`, new Blob([big], { type: 'image/png' }));
    expect(bigBlob.error).toMatchObject({ statusCode: '413' });

    const exactly = Buffer.alloc(2 * 1024 * 1024, 1);
    const atLimit = await alice.client.storage
      .from('avatars')
      .upload(`${alice.id}/limit.png`, exactly, { contentType: 'image/png' });
    expect(atLimit.error).toBeNull();

    const text = await alice.client.storage
      .from('avatars')
      .upload(`${alice.id}/notes.txt`, 'hello', { contentType: 'text/plain' });
    expect(text.error).toMatchObject({ statusCode: '415', message: 'mime type text/plain is not supported' });

    const svg = await alice.client.storage
      .from('avatars')
      .upload(`${alice.id}/x.svg`, new Blob(['<svg/>'], { type: 'image/svg+xml' }));
    expect(svg.error).toMatchObject({ statusCode: '415' });

    const { rows } = await emulator().engine.query(
      `select name from storage.objects where name like $1 and name <> $2 and name not like '%avatar.png'
         and name not like '%blob.webp'`,
      [`${alice.id}/%`, `${alice.id}/limit.png`],
    );
    expect(rows).toEqual([]);
  });

  it("upsert replaces the owner's own file; update replaces it too", async () => {
    const path = `${alice.id}/avatar.png`;
    const first = await alice.client.storage.from('avatars').upload(path, WEBP, {
      contentType: 'image/webp',
      upsert: true,
    });
    expect(first.error).toBeNull();
    let response = await fetch(`${emulator().url}/storage/v1/object/public/avatars/${path}`);
    expect(response.headers.get('content-type')).toBe('image/webp');
    expect(Buffer.from(await response.arrayBuffer()).equals(WEBP)).toBe(true);

    const second = await alice.client.storage.from('avatars').update(path, PNG, { contentType: 'image/png' });
    expect(second.error).toBeNull();
    response = await fetch(`${emulator().url}/storage/v1/object/public/avatars/${path}`);
    expect(response.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await response.arrayBuffer()).equals(PNG)).toBe(true);

    const { rows } = await emulator().engine.query(
      `select count(*)::int as n from storage.objects where bucket_id = 'avatars' and name = $1`,
      [path],
    );
    expect(rows[0]).toEqual({ n: 1 });
  });

  it('lists a folder with files and sub-folders, sorted, limited and searched', async () => {
    const folder = `${bob.id}`;
    for (const name of ['b.png', 'a.png', 'c.png']) {
      const { error } = await bob.client.storage
        .from('avatars')
        .upload(`${folder}/${name}`, PNG, { contentType: 'image/png' });
      expect(error).toBeNull();
    }
    // A user may not make sub-folders in the avatars bucket (migration 20261207110000); the service role
    // can, and the owner lists them.
    const admin = createTestClient(emulator(), { key: 'service_role' });
    const sub = await admin.storage
      .from('avatars')
      .upload(`${folder}/old/x.png`, PNG, { contentType: 'image/png' });
    expect(sub.error).toBeNull();
    const { data, error } = await bob.client.storage.from('avatars').list(folder);
    expect(error).toBeNull();
    expect(data?.map((entry) => entry.name)).toEqual(['a.png', 'b.png', 'c.png', 'old']);
    const file = data?.find((entry) => entry.name === 'a.png');
    expect(file?.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(file?.metadata).toMatchObject({ mimetype: 'image/png', size: PNG.byteLength });
    expect(data?.find((entry) => entry.name === 'old')).toMatchObject({ id: null, metadata: null });

    const page = await bob.client.storage
      .from('avatars')
      .list(folder, { limit: 2, offset: 1, sortBy: { column: 'name', order: 'desc' } });
    expect(page.data?.map((entry) => entry.name)).toEqual(['c.png', 'b.png']);

    const searched = await bob.client.storage.from('avatars').list(folder, { search: 'B' });
    expect(searched.data?.map((entry) => entry.name)).toEqual(['b.png']);

    // Listing the bucket's top level shows only the caller's own folder.
    const top = await bob.client.storage.from('avatars').list();
    expect(top.data?.map((entry) => entry.name)).toEqual([bob.id]);
  });

  it("removes the owner's files and returns what was removed; the public URL then 404s", async () => {
    const { data, error } = await bob.client.storage
      .from('avatars')
      .remove([`${bob.id}/a.png`, `${bob.id}/b.png`, `${bob.id}/missing.png`]);
    expect(error).toBeNull();
    expect(data?.map((row) => row.name).sort()).toEqual([`${bob.id}/a.png`, `${bob.id}/b.png`]);
    const gone = await fetch(`${emulator().url}/storage/v1/object/public/avatars/${bob.id}/a.png`);
    expect(gone.status).toBe(400);
    expect(await gone.json()).toMatchObject({
      statusCode: '404',
      error: 'not_found',
      message: 'Object not found',
    });
  });

  it('reads object info, moves and copies within the own folder only', async () => {
    const info = await bob.client.storage.from('avatars').info(`${bob.id}/c.png`);
    expect(info.error).toBeNull();
    expect(info.data).toMatchObject({
      name: `${bob.id}/c.png`,
      size: PNG.byteLength,
      contentType: 'image/png',
    });

    const moved = await bob.client.storage.from('avatars').move(`${bob.id}/c.png`, `${bob.id}/d.png`);
    expect(moved.error).toBeNull();
    expect((await fetch(`${emulator().url}/storage/v1/object/public/avatars/${bob.id}/d.png`)).status).toBe(
      200,
    );
    expect((await fetch(`${emulator().url}/storage/v1/object/public/avatars/${bob.id}/c.png`)).status).toBe(
      400,
    );

    const copied = await bob.client.storage.from('avatars').copy(`${bob.id}/d.png`, `${bob.id}/e.png`);
    expect(copied.error).toBeNull();
    expect(copied.data).toEqual({ path: `avatars/${bob.id}/e.png` });
    const copy = await fetch(`${emulator().url}/storage/v1/object/public/avatars/${bob.id}/e.png`);
    expect(Buffer.from(await copy.arrayBuffer()).equals(PNG)).toBe(true);

    // A row the update policy hides is, for the mover, not there (hosted: NoSuchKey).
    const stolen = await alice.client.storage.from('avatars').move(`${bob.id}/d.png`, `${alice.id}/d.png`);
    expect(stolen.error).toMatchObject({ statusCode: '404' });
    expect((await fetch(`${emulator().url}/storage/v1/object/public/avatars/${bob.id}/d.png`)).status).toBe(
      200,
    );
    const copiedAway = await bob.client.storage.from('avatars').copy(`${bob.id}/d.png`, `${alice.id}/d.png`);
    expect(copiedAway.error).toMatchObject({ statusCode: '403' });
  });

  it('the service role bypasses the policies; anon removes nothing', async () => {
    const admin = createTestClient(emulator(), { key: 'service_role' });
    const path = `${alice.id}/by-admin.png`;
    expect(
      (await admin.storage.from('avatars').upload(path, PNG, { contentType: 'image/png' })).error,
    ).toBeNull();
    const anon = createTestClient(emulator());
    expect((await anon.storage.from('avatars').remove([path])).data).toEqual([]);
    expect((await admin.storage.from('avatars').remove([path])).data).toHaveLength(1);
  });

  it('handles concurrent uploads and reads without mixing requests', async () => {
    // 12 uploads at once by 4 users, 3 each (a user keeps at most 5 files, migration 20261207110000).
    const users = await Promise.all(Array.from({ length: 4 }, () => signedInUser(emulator())));
    const uploads = users.flatMap((user) => [0, 1, 2].map((i) => ({ user, name: `${user.id}/${i}.png` })));
    const results = await Promise.all([
      ...uploads.map(({ user, name }) =>
        user.client.storage.from('avatars').upload(name, PNG, { contentType: 'image/png' }),
      ),
      ...uploads.map(() => bob.client.storage.from('avatars').upload(`${alice.id}/intruder.png`, PNG)),
    ]);
    expect(results.slice(0, uploads.length).every((result) => result.error === null)).toBe(true);
    expect(results.slice(uploads.length).every((result) => result.error?.statusCode === '403')).toBe(true);
    for (const user of users) {
      const { data } = await user.client.storage.from('avatars').list(user.id);
      expect(data?.map((entry) => entry.name)).toEqual(['0.png', '1.png', '2.png']);
    }
  });

  it('lists buckets only for the service role (no policies on storage.buckets, as hosted)', async () => {
    const user = await alice.client.storage.listBuckets();
    expect(user.error).toBeNull();
    expect(user.data).toEqual([]);

    const admin = createTestClient(emulator(), { key: 'service_role' });
    const all = await admin.storage.listBuckets();
    expect(all.data?.find((bucket) => bucket.id === 'avatars')).toMatchObject({
      id: 'avatars',
      public: true,
      file_size_limit: 2097152,
      allowed_mime_types: ['image/jpeg', 'image/png', 'image/webp'],
    });
    const one = await admin.storage.getBucket('avatars');
    expect(one.data).toMatchObject({ id: 'avatars', name: 'avatars', public: true });
    const missing = await admin.storage.getBucket(`nope-${randomUUID()}`);
    expect(missing.error).toMatchObject({ statusCode: '404', message: 'Bucket not found' });
  });

  it('the service role manages a private bucket; its objects are not public', async () => {
    const admin = createTestClient(emulator(), { key: 'service_role' });
    const created = await admin.storage.createBucket('private-docs', { public: false, fileSizeLimit: '1KB' });
    expect(created.error).toBeNull();
    const upload = await admin.storage
      .from('private-docs')
      .upload('a/readme.txt', 'hi', { contentType: 'text/plain' });
    expect(upload.error).toBeNull();
    const large = await admin.storage
      .from('private-docs')
      .upload('a/large.txt', 'x'.repeat(1025), { contentType: 'text/plain' });
    expect(large.error).toMatchObject({ statusCode: '413' });

    const publicRead = await fetch(`${emulator().url}/storage/v1/object/public/private-docs/a/readme.txt`);
    expect(publicRead.status).toBe(400);
    expect(await publicRead.json()).toMatchObject({ statusCode: '404', message: 'Bucket not found' });
    const asUser = await alice.client.storage.from('private-docs').download('a/readme.txt');
    expect(asUser.error).toMatchObject({ statusCode: '404' });
    const asAdmin = await admin.storage.from('private-docs').download('a/readme.txt');
    expect(await asAdmin.data?.text()).toBe('hi');

    const notEmpty = await admin.storage.deleteBucket('private-docs');
    expect(notEmpty.error).toMatchObject({ statusCode: '409' });
    expect((await admin.storage.emptyBucket('private-docs')).error).toBeNull();
    expect((await admin.storage.deleteBucket('private-docs')).error).toBeNull();
  });
});
