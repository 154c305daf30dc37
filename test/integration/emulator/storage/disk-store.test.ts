/**
 * With a data directory (the default for `npm run emulator`), object bytes live on disk under
 * `<dataDir>/storage/<bucket>/<name>/` and survive a restart; replaced and removed versions are
 * deleted, and nothing is written outside that folder.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { afterAll, expect, inject, it, describe } from 'vitest';
import { startEmulator, type Emulator } from '../../../../supabase/emulator/src/start-emulator';
import { PNG, WEBP, signedInUser } from './storage-helpers';
import { createTestClient } from '../../../support/emulator';

function filesUnder(root: string): string[] {
  return readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(root, join(entry.parentPath, entry.name)))
    .sort();
}

describe('storage: bytes on disk [pglite]', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'spotter-storage-'));
  let current: Emulator | null = null;

  async function start(): Promise<Emulator> {
    current = await startEmulator({
      port: 0,
      dataDir,
      loadDataDir: new Blob([readFileSync(inject('pgliteSnapshot'))]),
    });
    return current;
  }

  afterAll(async () => {
    await current?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('stores versions under the data directory, replaces and removes them, and keeps them across restarts', async () => {
    let emulator = await start();
    const user = await signedInUser(emulator);
    const bucket = user.client.storage.from('avatars');
    expect(
      (await bucket.upload(`${user.id}/avatar.png`, PNG, { contentType: 'image/png' })).error,
    ).toBeNull();
    expect(
      (await bucket.upload(`${user.id}/old.webp`, WEBP, { contentType: 'image/webp' })).error,
    ).toBeNull();
    // `a/b` and `a/b/c` are both valid object names: each object is a folder holding its version. (A
    // user may not make sub-folders in avatars, migration 20261207110000: the service role writes it.)
    const admin = createTestClient(emulator, { key: 'service_role' }).storage.from('avatars');
    expect(
      (await admin.upload(`${user.id}/old.webp/inner.png`, PNG, { contentType: 'image/png' })).error,
    ).toBeNull();

    const root = join(dataDir, 'storage');
    const versionFile = /#[0-9a-f-]{36}$/;
    let files = filesUnder(root);
    expect(files).toHaveLength(3);
    expect(files.every((file) => file.startsWith(`avatars/${user.id}/`) && versionFile.test(file))).toBe(
      true,
    );

    expect(
      (await bucket.update(`${user.id}/avatar.png`, WEBP, { contentType: 'image/webp' })).error,
    ).toBeNull();
    expect((await bucket.remove([`${user.id}/old.webp/inner.png`])).data).toHaveLength(1);
    files = filesUnder(root);
    expect(files).toHaveLength(2);
    expect(files.filter((file) => file.startsWith(`avatars/${user.id}/avatar.png/#`))).toHaveLength(1);

    await emulator.stop();
    current = null;
    emulator = await startEmulator({ port: 0, dataDir });
    current = emulator;
    const response = await fetch(`${emulator.url}/storage/v1/object/public/avatars/${user.id}/avatar.png`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/webp');
    expect(Buffer.from(await response.arrayBuffer()).equals(WEBP)).toBe(true);
  }, 120_000);
});
