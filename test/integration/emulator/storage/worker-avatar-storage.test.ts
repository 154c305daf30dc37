/**
 * The sync worker's profile-picture calls (sync-worker/core/avatar-storage.ts) with the worker's own
 * supabase-js client against the emulator: each upload gets a new name in the user's own folder and a
 * public URL that serves it; a stranger's client cannot overwrite or delete it, even when asked for my path.
 */
import { beforeAll, expect, it } from 'vitest';
import WebSocket from 'ws';
import { removeAvatar, uploadAvatar } from '../../../../sync-worker/core/avatar-storage';
import { createSyncClient } from '../../../../sync-worker/core/client';
import { describeEachEmulator } from '../../../support/emulator';
import { GIF, PNG, signedInUser } from './storage-helpers';

describeEachEmulator('storage: the sync worker uploads and removes profile pictures', (suite) => {
  const emulator = () => suite.emulator();
  const workerClient = (token: string) =>
    createSyncClient({
      url: emulator().url,
      anonKey: emulator().status.ANON_KEY,
      getToken: () => token,
      // Node 20 has no WebSocket; the client builds its realtime part even when unused.
      transport: WebSocket as never,
    });
  let me: { id: string; token: string };
  let stranger: { id: string; token: string };

  beforeAll(async () => {
    me = await signedInUser(emulator());
    stranger = await signedInUser(emulator());
  });

  it('uploads under a new name in my folder each time; the public URL serves the bytes', async () => {
    const client = workerClient(me.token);
    const first = await uploadAvatar(client, me.id, new Blob([PNG], { type: 'image/png' }));
    const second = await uploadAvatar(client, me.id, new Blob([PNG], { type: 'image/png' }));
    if (!first.ok || !second.ok) throw new Error('upload failed');
    expect(first.data.path).toMatch(new RegExp(`^${me.id}/[0-9a-f-]{36}\\.png$`));
    expect(second.data.path).not.toBe(first.data.path);
    expect(first.data.publicUrl).toBe(
      `${emulator().url}/storage/v1/object/public/avatars/${first.data.path}`,
    );
    const response = await fetch(first.data.publicUrl);
    expect(response.status).toBe(200);
    expect(Buffer.from(await response.arrayBuffer()).equals(PNG)).toBe(true);
    expect(await removeAvatar(client, me.id, second.data.path)).toEqual({
      ok: true,
      data: { removed: true },
    });
  });

  it('refuses a type the resize never makes', async () => {
    const result = await uploadAvatar(workerClient(me.token), me.id, new Blob([GIF], { type: 'image/gif' }));
    expect(result).toMatchObject({ ok: false, error: { status: 415 } });
  });

  it('a stranger can neither overwrite nor delete my picture; I can delete it', async () => {
    const mine = await uploadAvatar(workerClient(me.token), me.id, new Blob([PNG], { type: 'image/png' }));
    if (!mine.ok) throw new Error('upload failed');
    const theirs = workerClient(stranger.token);

    // Even a client that skips the worker's own-folder check is stopped by the bucket's policies.
    const overwrite = await theirs.storage
      .from('avatars')
      .upload(mine.data.path, GIF, { contentType: 'image/gif', upsert: true });
    expect(overwrite.error).toMatchObject({ statusCode: '403' });
    const deleted = await theirs.storage.from('avatars').remove([mine.data.path]);
    expect(deleted.data).toEqual([]);
    // Through the worker's call the stranger's request is not even sent.
    expect(await removeAvatar(theirs, stranger.id, mine.data.path)).toEqual({
      ok: true,
      data: { removed: false },
    });

    const still = await fetch(mine.data.publicUrl);
    expect(Buffer.from(await still.arrayBuffer()).equals(PNG)).toBe(true);

    expect(await removeAvatar(workerClient(me.token), me.id, mine.data.path)).toEqual({
      ok: true,
      data: { removed: true },
    });
    expect((await fetch(mine.data.publicUrl)).status).not.toBe(200);
  });
});
