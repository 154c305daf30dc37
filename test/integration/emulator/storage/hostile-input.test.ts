// @clock-sensitive: expired tokens and URLs
/**
 * Hostile requests against `/storage/v1` over raw HTTP: traversal and odd names in every position,
 * injection attempts in list options, malformed bodies and bad JWTs. Each gets a 4xx in storage-api's
 * shape (never a 500 or a stack trace), and nothing outside the caller's rights changes.
 */
import { request as httpRequest } from 'node:http';
import { SignJWT } from 'jose';
import { beforeAll, expect, it } from 'vitest';
import { describeEachEmulator } from '../../../support/emulator';
import { PNG, signedInUser, storageFetch, type TestUser } from './storage-helpers';

/** Sends a path byte for byte (fetch would normalise `..` and encode characters). */
function rawRequest(
  url: string,
  method: string,
  path: string,
  headers: Record<string, string>,
  body?: Buffer,
): Promise<{ status: number; text: string }> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const req = httpRequest({ hostname, port, method, path, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString() }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

function expectStorageError(status: number, text: string): void {
  expect(status).toBeGreaterThanOrEqual(400);
  expect(status).toBeLessThan(500);
  expect(text).not.toMatch(/at \w+ \(|node_modules|\.ts:\d+/);
}

describeEachEmulator('storage: hostile input', (suite) => {
  const emulator = () => suite.emulator();
  let user: TestUser;
  let objectCount: () => Promise<number>;

  beforeAll(async () => {
    user = await signedInUser(emulator());
    const { error } = await user.client.storage
      .from('avatars')
      .upload(`${user.id}/canary.png`, PNG, { contentType: 'image/png' });
    expect(error).toBeNull();
    objectCount = async () => {
      const { rows } = await emulator().engine.query<{ n: number }>(
        'select count(*)::int as n from storage.objects',
      );
      return rows[0]?.n ?? -1;
    };
  });

  const hostileNames = (id: string) => [
    `${id}/..%2F..%2F..%2Fetc%2Fpasswd`,
    `${id}/%2E%2E%2Fescape.png`,
    `${id}/a%00b.png`,
    `${id}/a%5Cb.png`,
    `${id}/%5C..%5C..%5Cwin.png`,
    `%2F${id}/abs.png`,
    `${id}//double.png`,
    `${id}/.`,
    `${id}/a%0Ab.png`,
    `${id}/a%22%3Cscript%3E.png`,
    `${id}/%E0%A4%A`,
    `${id}/${'x'.repeat(300)}.png`,
    `${id}/${'a/'.repeat(600)}deep.png`,
    '',
  ];

  it('refuses traversal and hostile object names on upload, download and public reads', async () => {
    const before = await objectCount();
    for (const name of hostileNames(user.id)) {
      const headers = { 'content-type': 'image/png' };
      const upload = await storageFetch(emulator(), `/object/avatars/${name}`, {
        method: 'POST',
        body: PNG,
        headers,
        bearer: user.token,
      });
      const text = await upload.text();
      expectStorageError(upload.status, text);
      expect(JSON.parse(text)).toMatchObject({ statusCode: expect.stringMatching(/^4\d\d$/) as unknown });

      for (const path of [
        `/object/avatars/${name}`,
        `/object/public/avatars/${name}`,
        `/object/info/avatars/${name}`,
      ]) {
        const read = await storageFetch(emulator(), path, { bearer: user.token });
        expectStorageError(read.status, await read.text());
      }
    }
    expect(await objectCount()).toBe(before);
  });

  it('refuses un-normalised `..` paths sent byte for byte', async () => {
    const headers = {
      apikey: emulator().status.ANON_KEY,
      authorization: `Bearer ${user.token}`,
      'content-type': 'image/png',
    };
    for (const path of [
      `/storage/v1/object/avatars/${user.id}/../../../../etc/passwd`,
      `/storage/v1/object/avatars/${user.id}/..\\..\\x.png`,
      `/storage/v1/object/public/avatars/../../../etc/passwd`,
      `/storage/v1/object/avatars/${user.id}/a\u0000b.png`,
    ]) {
      for (const method of ['GET', 'POST']) {
        const res = await rawRequest(
          emulator().url,
          method,
          path,
          headers,
          method === 'POST' ? PNG : undefined,
        ).catch((error: unknown) => ({ status: 400, text: String(error) }));
        expectStorageError(res.status, res.text);
      }
    }
  });

  it('accepts unusual but valid names (spaces, unicode) and serves them by their public URL', async () => {
    const name = `${user.id}/mein bild ünï 😀 (1).png`;
    const { error } = await user.client.storage
      .from('avatars')
      .upload(name, PNG, { contentType: 'image/png' });
    expect(error).toBeNull();
    const { publicUrl } = user.client.storage.from('avatars').getPublicUrl(name).data;
    const response = await fetch(publicUrl);
    expect(response.status).toBe(200);
    expect(Buffer.from(await response.arrayBuffer()).equals(PNG)).toBe(true);
  });

  it('refuses hostile bucket names without touching the database', async () => {
    for (const bucket of [
      "avatars';drop table storage.objects;--",
      '..',
      '%2E%2E',
      'a%2Fb',
      'x'.repeat(101),
      '%ZZ',
    ]) {
      for (const path of [
        `/object/${bucket}/${user.id}/a.png`,
        `/object/public/${bucket}/a.png`,
        `/object/list/${bucket}`,
      ]) {
        const res = await storageFetch(emulator(), path, {
          method: path.includes('/list/') ? 'POST' : 'GET',
          bearer: user.token,
          ...(path.includes('/list/') ? { body: '{}', headers: { 'content-type': 'application/json' } } : {}),
        });
        if (path.includes('/list/') && res.status === 200) {
          // Listing a bucket that does not exist is an empty list, as on hosted Storage.
          expect(await res.json()).toEqual([]);
        } else {
          expectStorageError(res.status, await res.text());
        }
      }
    }
    const { rows } = await emulator().engine.query(`select name from storage.objects where name = $1`, [
      `${user.id}/canary.png`,
    ]);
    expect(rows).toHaveLength(1);
  });

  it('refuses injection attempts in list options and malformed bodies', async () => {
    const bodies: unknown[] = [
      { prefix: user.id, sortBy: { column: 'name; drop table storage.objects', order: 'asc' } },
      { prefix: user.id, sortBy: { column: 'name', order: 'asc; select pg_sleep(10)' } },
      { prefix: user.id, limit: '10; --' },
      { prefix: user.id, offset: -1 },
      { prefix: `${user.id}/../` },
      { prefix: 42 },
      { search: { $ne: '' } },
      [],
      'null',
    ];
    for (const body of bodies) {
      const res = await storageFetch(emulator(), '/object/list/avatars', {
        method: 'POST',
        body: typeof body === 'string' ? body : JSON.stringify(body),
        headers: { 'content-type': 'application/json' },
        bearer: user.token,
      });
      expectStorageError(res.status, await res.text());
    }
    const wildcard = await user.client.storage.from('avatars').list(user.id, { search: "%' or '1'='1" });
    expect(wildcard.error).toBeNull();
    expect(wildcard.data).toEqual([]);

    for (const body of ['{not json', '{"prefixes":"a"}', '{"prefixes":[]}', '{"prefixes":[1,2]}', '[]']) {
      const res = await storageFetch(emulator(), '/object/avatars', {
        method: 'DELETE',
        body,
        headers: { 'content-type': 'application/json' },
        bearer: user.token,
      });
      expectStorageError(res.status, await res.text());
    }
    const injected = await user.client.storage.from('avatars').remove(["x' or '1'='1", `${user.id}/%`]);
    expect(injected.data).toEqual([]);

    for (const body of [
      '{}',
      '{"bucketId":"avatars","sourceKey":"../x","destinationKey":"y"}',
      '{"bucketId":1}',
    ]) {
      const res = await storageFetch(emulator(), '/object/move', {
        method: 'POST',
        body,
        headers: { 'content-type': 'application/json' },
        bearer: user.token,
      });
      expectStorageError(res.status, await res.text());
    }
  });

  it('refuses multipart bodies without a file and bad header values', async () => {
    const form = new FormData();
    form.append('cacheControl', '3600');
    const noFile = await storageFetch(emulator(), `/object/avatars/${user.id}/empty.png`, {
      method: 'POST',
      body: form,
      bearer: user.token,
    });
    expect(noFile.status).toBe(400);
    expect(await noFile.json()).toMatchObject({ statusCode: '400', message: 'No content provided' });

    const broken = await storageFetch(emulator(), `/object/avatars/${user.id}/broken.png`, {
      method: 'POST',
      body: 'garbage',
      headers: { 'content-type': 'multipart/form-data; boundary=nothing' },
      bearer: user.token,
    });
    expectStorageError(broken.status, await broken.text());

    const nulMetadata = new FormData();
    nulMetadata.append('metadata', JSON.stringify({ note: 'a\u0000b' }));
    nulMetadata.append('', new Blob([PNG], { type: 'image/png' }));
    const withNul = await storageFetch(emulator(), `/object/avatars/${user.id}/nul-meta.png`, {
      method: 'POST',
      body: nulMetadata,
      bearer: user.token,
    });
    expectStorageError(withNul.status, await withNul.text());
    const nulSearch = await user.client.storage.from('avatars').list(user.id, { search: 'a\u0000' });
    expect(nulSearch.error?.status).toBe(400);

    const noType = await storageFetch(emulator(), `/object/avatars/${user.id}/none.png`, {
      method: 'POST',
      body: PNG,
      headers: { 'content-type': 'image' },
      bearer: user.token,
    });
    expect(await noType.json()).toMatchObject({ statusCode: '415' });
  });

  it('serves odd Range headers whole, refuses unsatisfiable ones', async () => {
    const path = `/object/public/avatars/${user.id}/canary.png`;
    for (const range of ['bytes=abc', 'bytes=5-2', 'bytes=1-2,4-5', 'items=0-1']) {
      const res = await storageFetch(emulator(), path, { headers: { range }, bearer: null });
      expect(res.status).toBe(200);
      expect((await res.arrayBuffer()).byteLength).toBe(PNG.byteLength);
    }
    for (const range of [`bytes=${PNG.byteLength}-`, 'bytes=-0']) {
      const res = await storageFetch(emulator(), path, { headers: { range }, bearer: null });
      expect(await res.json()).toMatchObject({ statusCode: '400', code: 'InvalidRange' });
    }
    const tail = await storageFetch(emulator(), path, { headers: { range: 'bytes=-4' }, bearer: null });
    expect(tail.status).toBe(206);
    expect(tail.headers.get('content-range')).toBe(
      `bytes ${PNG.byteLength - 4}-${PNG.byteLength - 1}/${PNG.byteLength}`,
    );
  });

  it('answers keys and JWTs like the gateway and storage-api do', async () => {
    const noKey = await storageFetch(emulator(), `/object/avatars/${user.id}/canary.png`, { bearer: null });
    expect(noKey.status).toBe(401);
    expect(await noKey.json()).toMatchObject({ message: 'No API key found in request' });

    const publicNoKey = await storageFetch(emulator(), `/object/public/avatars/${user.id}/canary.png`, {
      bearer: null,
    });
    expect(publicNoKey.status).toBe(200);

    const secret = new TextEncoder().encode('not-the-emulator-secret-but-32-characters-long');
    const forged = await new SignJWT({ sub: user.id, role: 'service_role' })
      .setProtectedHeader({ alg: 'HS256' })
      .setExpirationTime('1h')
      .sign(secret);
    const unsigned = `${Buffer.from('{"alg":"none","typ":"JWT"}').toString('base64url')}.${Buffer.from(
      JSON.stringify({ sub: user.id, role: 'service_role' }),
    ).toString('base64url')}.`;
    const expired = await emulator().context.keys.signAccessToken(
      { sub: user.id, role: 'authenticated', aud: 'authenticated' },
      -10,
    );
    const wrongRole = await emulator().context.keys.signAccessToken({ sub: user.id, role: 'postgres' }, 60);
    for (const token of [forged, unsigned, expired, wrongRole, 'garbage']) {
      const res = await storageFetch(emulator(), `/object/avatars/${user.id}/forged.png`, {
        method: 'POST',
        body: PNG,
        headers: { 'content-type': 'image/png' },
        bearer: token,
      });
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ statusCode: '403', error: 'Unauthorized' });
    }
    const expiredRes = await storageFetch(emulator(), `/object/avatars/${user.id}/canary.png`, {
      bearer: expired,
    });
    expect(await expiredRes.json()).toMatchObject({ message: 'jwt expired' });

    const unknown = await storageFetch(emulator(), '/nothing/here', { bearer: user.token });
    expect(unknown.status).toBe(404);
  });
});
