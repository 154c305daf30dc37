// Profile pictures in the `avatars` bucket through the worker's supabase-js client (the page has no
// supabase-js, only the auth client). Each upload gets a new name under the user's own folder, so the
// public URL changes with the picture and no browser or CDN keeps showing the old one; the storage
// policies allow writes only under "<uid>/" whatever a client asks for.
import type { DatabaseClient } from '../../src/db/database';
import { v7 as uuidv7 } from 'uuid';

export const AVATAR_BUCKET = 'avatars';

export type StorageResult<T> =
  { ok: true; data: T } | { ok: false; error: { code: string; message: string; status: number } };

const EXTENSIONS: Record<string, string> = {
  'image/webp': 'webp',
  'image/jpeg': 'jpg',
  'image/png': 'png',
};

/** The upload quota's refusal (migration 20261207150000): Storage passes the policy's message on. */
export const TOO_MANY_UPLOADS = 'SPQ02';

function failure(error: unknown): { ok: false; error: { code: string; message: string; status: number } } {
  const e = error as { statusCode?: unknown; status?: unknown; message?: unknown };
  const status = Number(e.statusCode ?? e.status ?? 0) || 0;
  const message = typeof e.message === 'string' ? e.message : String(error);
  return {
    ok: false,
    error: {
      code: message.startsWith(`${TOO_MANY_UPLOADS}:`)
        ? TOO_MANY_UPLOADS
        : status
          ? String(status)
          : 'network',
      message,
      status,
    },
  };
}

/** Uploads `blob` as `<userId>/<new id>.<ext>`; answers its storage path and public URL. */
export async function uploadAvatar(
  client: DatabaseClient,
  userId: string,
  blob: Blob,
): Promise<StorageResult<{ path: string; publicUrl: string }>> {
  const extension = EXTENSIONS[blob.type];
  if (!extension)
    return { ok: false, error: { code: '415', message: `unsupported ${blob.type}`, status: 415 } };
  const path = `${userId}/${uuidv7()}.${extension}`;
  try {
    const bucket = client.storage.from(AVATAR_BUCKET);
    const { error } = await bucket.upload(path, blob, { contentType: blob.type, cacheControl: '31536000' });
    if (error) return failure(error);
    return { ok: true, data: { path, publicUrl: bucket.getPublicUrl(path).data.publicUrl } };
  } catch (error) {
    return failure(error);
  }
}

/** Deletes one of the user's own pictures (a path outside their folder is not even asked for). */
export async function removeAvatar(
  client: DatabaseClient,
  userId: string,
  path: string,
): Promise<StorageResult<{ removed: boolean }>> {
  if (!path.startsWith(`${userId}/`) || path.includes('..')) return { ok: true, data: { removed: false } };
  try {
    const { data, error } = await client.storage.from(AVATAR_BUCKET).remove([path]);
    if (error) return failure(error);
    return { ok: true, data: { removed: (data ?? []).length > 0 } };
  } catch (error) {
    return failure(error);
  }
}
