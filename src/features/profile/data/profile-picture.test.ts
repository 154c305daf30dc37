// A photo the server refuses (the avatars bucket's type or size limit, issue 17) is a failure the screen
// reports, never a silent one: the profile keeps its picture and no URL is queued. Real RxDB on
// fake-indexeddb; the canvas resize, which Node has not, is replaced by passing the bytes through.
import { afterEach, describe, expect, it } from 'vitest';
import { pendingEntries, readPending } from '@/db/pending-writes';
import { ROWS, USER } from '../../../../test/support/browser/db-fixtures';
import { cleanupDatabases, openTestDatabase } from '../../../../test/support/browser/test-database';
import type { StorageResult } from '../../../../sync-worker/core/avatar-storage';
import { uploadPhoto, type PhotoStorage } from './profile-picture';

const OLD_URL = `https://example.supabase.co/storage/v1/object/public/avatars/${USER}/old.webp`;
const passThrough = (file: Blob) => Promise.resolve(file);

/** Answers an upload as the worker does when Storage refuses it with `status`. */
function refusingStorage(status: number): PhotoStorage & { removed: string[] } {
  const removed: string[] = [];
  return {
    removed,
    uploadAvatar: (): Promise<StorageResult<{ path: string; publicUrl: string }>> =>
      Promise.resolve({
        ok: false,
        error: { code: String(status), message: 'mime type image/webp is not supported', status },
      }),
    removeAvatar: (path: string) => {
      removed.push(path);
      return Promise.resolve({ ok: true, data: { removed: true } });
    },
  };
}

describe('uploadPhoto when the server refuses the file', () => {
  afterEach(cleanupDatabases);

  it.each([415, 413, 403])('answers a failure for %i and leaves the profile as it was', async (status) => {
    const db = await openTestDatabase({ userId: USER });
    await db.profiles.insert({ ...ROWS.profiles, profile_picture_url: OLD_URL });
    const storage = refusingStorage(status);
    const stages: string[] = [];

    const result = await uploadPhoto(
      { db, userId: USER },
      storage,
      new Blob([new Uint8Array(8)], { type: 'image/webp' }),
      OLD_URL,
      (stage) => stages.push(stage),
      passThrough,
    );

    expect(result).toEqual({ ok: false, reason: 'failed' });
    expect(stages).toEqual(['resizing', 'uploading']);
    expect((await db.profiles.findOne(USER).exec())?.profile_picture_url).toBe(OLD_URL);
    expect(pendingEntries(await readPending(db))).toEqual([]);
    expect(storage.removed).toEqual([]);
  });
});

describe('uploadPhoto when the hourly upload quota refuses it', () => {
  afterEach(cleanupDatabases);

  it('answers too_many_uploads (SPQ02), not a generic failure, and changes nothing', async () => {
    const db = await openTestDatabase({ userId: USER });
    await db.profiles.insert({ ...ROWS.profiles, profile_picture_url: OLD_URL });
    const storage: PhotoStorage = {
      uploadAvatar: () =>
        Promise.resolve({
          ok: false,
          error: { code: 'SPQ02', message: 'SPQ02: At most 30 uploads an hour', status: 403 },
        }),
      removeAvatar: () => Promise.resolve({ ok: true, data: { removed: true } }),
    };
    const result = await uploadPhoto(
      { db, userId: USER },
      storage,
      new Blob([new Uint8Array(8)], { type: 'image/webp' }),
      OLD_URL,
      () => undefined,
      passThrough,
    );
    expect(result).toEqual({ ok: false, reason: 'too_many_uploads' });
    expect((await db.profiles.findOne(USER).exec())?.profile_picture_url).toBe(OLD_URL);
    expect(pendingEntries(await readPending(db))).toEqual([]);
  });
});
