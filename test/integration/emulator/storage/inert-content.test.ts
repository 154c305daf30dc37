/**
 * User content is inert (issue 17): the avatars bucket takes only the image types the app uploads, read
 * from the whole Content-Type (a value such as `image/png;,text/html` is refused, not cut to image/png),
 * and every stored file is served so that a browser never runs it: nosniff, a sandboxing CSP, and an
 * attachment for anything but a raster image, even when a bucket without an allow-list stored HTML.
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, expect, it } from 'vitest';
import { createTestClient, describeEachEmulator } from '../../../support/emulator';
import { PNG, WEBP, signedInUser, storageFetch, type TestUser } from './storage-helpers';

/** A minimal JPEG header; the emulator, like hosted Storage, does not decode what it stores. */
const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0xff, 0xd9]);
const HTML = '<script>document.title = "ran"</script>';
const SANDBOX = "default-src 'none'; sandbox";

describeEachEmulator('storage: user content is inert', (suite) => {
  const emulator = () => suite.emulator();
  let alice: TestUser;

  beforeAll(async () => {
    alice = await signedInUser(emulator());
  });

  const publicUrl = (bucket: string, path: string) =>
    `${emulator().url}/storage/v1/object/public/${bucket}/${path}`;

  it('the avatars bucket row allows WebP, JPEG and PNG up to 2 MB', async () => {
    const { rows } = await emulator().engine.query<{
      public: boolean;
      file_size_limit: number | string;
      allowed_mime_types: string[];
    }>(`select public, file_size_limit, allowed_mime_types from storage.buckets where id = 'avatars'`);
    expect(rows).toHaveLength(1);
    expect({ ...rows[0], file_size_limit: Number(rows[0]?.file_size_limit) }).toEqual({
      public: true,
      file_size_limit: 2097152,
      allowed_mime_types: ['image/jpeg', 'image/png', 'image/webp'],
    });
  });

  it('uploads each type the app makes, raw or as a Blob, and serves it inline as an image', async () => {
    const bucket = alice.client.storage.from('avatars');
    const carol = await signedInUser(emulator());
    const blobs = carol.client.storage.from('avatars');
    const files = [
      { name: 'a.webp', bytes: WEBP, type: 'image/webp' },
      { name: 'a.jpg', bytes: JPEG, type: 'image/jpeg' },
      { name: 'a.png', bytes: PNG, type: 'image/png' },
    ];
    for (const file of files) {
      const raw = await bucket.upload(`${alice.id}/${file.name}`, file.bytes, { contentType: file.type });
      expect(raw.error).toBeNull();
      // The Blob variants in a second user's folder: a user keeps at most 5 files (20261207110000).
      const blob = await blobs.upload(
        `${carol.id}/blob-${file.name}`,
        new Blob([file.bytes], { type: file.type }),
      );
      expect(blob.error).toBeNull();

      const response = await fetch(publicUrl('avatars', `${alice.id}/${file.name}`));
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe(file.type);
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(response.headers.get('content-security-policy')).toBe(SANDBOX);
      expect(response.headers.get('content-disposition')).toBeNull();
      expect(Buffer.from(await response.arrayBuffer()).equals(file.bytes)).toBe(true);
    }
  });

  it('refuses HTML, SVG and malformed types with 415, raw or as a Blob, and stores nothing', async () => {
    const bucket = alice.client.storage.from('avatars');
    const refused = [
      'image/png;,text/html',
      'image/png, text/html',
      'text/html',
      'image/svg+xml',
      'image/png;text/html',
      'image/png/html',
      'png',
    ];
    for (const [index, contentType] of refused.entries()) {
      const raw = await bucket.upload(`${alice.id}/raw-${index}.png`, Buffer.from(HTML), { contentType });
      expect(raw.error, contentType).toMatchObject({
        statusCode: '415',
        message: `mime type ${contentType} is not supported`,
      });
    }
    for (const [index, type] of ['text/html', 'image/svg+xml', 'image/png;,text/html'].entries()) {
      const blob = await bucket.upload(`${alice.id}/refused-${index}.png`, new Blob([HTML], { type }));
      expect(blob.error, type).toMatchObject({ statusCode: '415' });
    }

    // The answer itself is hosted Storage's: HTTP 400 with the real status in the body.
    const response = await storageFetch(emulator(), `/object/avatars/${alice.id}/fetch.png`, {
      method: 'POST',
      bearer: alice.token,
      headers: { 'content-type': 'image/png;,text/html' },
      body: HTML,
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      statusCode: '415',
      code: 'InvalidMimeType',
      error: 'invalid_mime_type',
      message: 'mime type image/png;,text/html is not supported',
    });

    const { rows } = await emulator().engine.query(
      `select name from storage.objects where bucket_id = 'avatars' and (name like $1 or name like $2 or name = $3)`,
      [`${alice.id}/raw-%`, `${alice.id}/refused-%`, `${alice.id}/fetch.png`],
    );
    expect(rows).toEqual([]);
  });

  it('serves HTML and SVG from a bucket without an allow-list as sandboxed attachments', async () => {
    const admin = createTestClient(emulator(), { key: 'service_role' });
    const id = `open-${randomUUID().slice(0, 8)}`;
    expect((await admin.storage.createBucket(id, { public: true })).error).toBeNull();
    const files = [
      { name: 'page.html', type: 'text/html; charset=utf-8', body: HTML },
      {
        name: 'image.svg',
        type: 'image/svg+xml',
        body: `<svg xmlns="http://www.w3.org/2000/svg">${HTML}</svg>`,
      },
    ];
    for (const file of files) {
      const upload = await admin.storage
        .from(id)
        .upload(`x/${file.name}`, Buffer.from(file.body), { contentType: file.type });
      expect(upload.error).toBeNull();
      const response = await fetch(publicUrl(id, `x/${file.name}`));
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe(file.type);
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(response.headers.get('content-security-policy')).toBe(SANDBOX);
      expect(response.headers.get('content-disposition')).toMatch(
        new RegExp(`^attachment; filename="${file.name.replace('.', '\\.')}"`),
      );
    }

    // The same holds for the authenticated path and a signed URL.
    const own = await storageFetch(emulator(), `/object/authenticated/${id}/x/page.html`, {
      bearer: emulator().status.SERVICE_ROLE_KEY,
    });
    expect(own.status).toBe(200);
    expect(own.headers.get('content-security-policy')).toBe(SANDBOX);
    expect(own.headers.get('content-disposition')).toMatch(/^attachment/);
    const signed = await admin.storage.from(id).createSignedUrl('x/image.svg', 60);
    const viaSigned = await fetch(signed.data?.signedUrl ?? '');
    expect(viaSigned.status).toBe(200);
    expect(viaSigned.headers.get('content-security-policy')).toBe(SANDBOX);
    expect(viaSigned.headers.get('content-disposition')).toMatch(/^attachment/);
  });

  it('serves a stored type that does not parse as an octet-stream attachment', async () => {
    const path = `${alice.id}/legacy.png`;
    expect(
      (await alice.client.storage.from('avatars').upload(path, PNG, { contentType: 'image/png' })).error,
    ).toBeNull();
    // A row written before the strict check, or by SQL: its type is a trick, not an image.
    await emulator().engine.query(
      `update storage.objects set metadata = jsonb_set(metadata, '{mimetype}', '"image/png;,text/html"')
        where bucket_id = 'avatars' and name = $1`,
      [path],
    );
    const response = await fetch(publicUrl('avatars', path));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/octet-stream');
    expect(response.headers.get('content-disposition')).toMatch(/^attachment; filename="legacy\.png"/);
    expect(response.headers.get('content-security-policy')).toBe(SANDBOX);
  });
});
