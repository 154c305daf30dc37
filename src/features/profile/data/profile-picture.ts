// Choosing what others see as my picture (spec point 3, avatar rule: a photo wins over the avatar).
// The avatar is a profile field like any other: written locally and queued (works offline). A photo
// needs the network: it is resized here, uploaded by the sync worker's supabase-js client into my own
// folder of the avatars bucket, and only then does its URL go into the profile (queued like any edit).
// The old photo is deleted after the new URL is saved, so a failed upload never leaves me without one.
import { updateProfile } from '@/db/commands/profile';
import type { SpotterDatabase } from '@/db/types';
import type { AvatarId } from '@/domain/avatars';
import type { SyncWorkerClient } from '@/sync/sync-worker-client';
import { ownPhotoPath } from '../model/avatar-photo';
import { resizePhoto } from './resize-photo';

export type PhotoStorage = Pick<SyncWorkerClient, 'uploadAvatar' | 'removeAvatar'>;

export type PictureResult =
  { ok: true } | { ok: false; reason: 'not_signed_in' | 'too_many_uploads' | 'failed' };

export type UploadStage = 'resizing' | 'uploading' | 'saving';

interface Ctx {
  db: SpotterDatabase;
  userId: string;
}

/** Sets avatar_id (the spec's "set avatar sends avatar_id"); a refusal comes back as a failure. */
export async function chooseAvatar(ctx: Ctx, avatarId: AvatarId): Promise<PictureResult> {
  if (!ctx.userId) return { ok: false, reason: 'not_signed_in' };
  const result = await updateProfile(ctx, { avatar_id: avatarId });
  if (result.ok) return { ok: true };
  return { ok: false, reason: result.error.code === 'not_signed_in' ? 'not_signed_in' : 'failed' };
}

/**
 * Resize, upload, save the URL, then delete the previous own photo. Any refusal of the upload (the
 * bucket's type or size limit: 415, 413; a policy: 403; the hourly upload quota, told apart) is a
 * failure the screen reports, and the profile keeps its picture. `resize` is the canvas resize; tests without a canvas pass their own.
 */
export async function uploadPhoto(
  ctx: Ctx,
  storage: PhotoStorage,
  file: Blob,
  previousUrl: string | null | undefined,
  onStage: (stage: UploadStage) => void = () => undefined,
  resize: (file: Blob) => Promise<Blob> = resizePhoto,
): Promise<PictureResult> {
  if (!ctx.userId) return { ok: false, reason: 'not_signed_in' };
  onStage('resizing');
  let small: Blob;
  try {
    small = await resize(file);
  } catch (error) {
    console.warn('The picture could not be read', error);
    return { ok: false, reason: 'failed' };
  }
  onStage('uploading');
  const uploaded = await storage.uploadAvatar(small);
  if (!uploaded.ok) {
    console.warn('Upload of the profile picture failed', uploaded.error);
    // The hourly upload quota (SPQ02, sync-worker/core/avatar-storage.ts) is told apart: trying again
    // at once cannot help.
    return { ok: false, reason: uploaded.error.code === 'SPQ02' ? 'too_many_uploads' : 'failed' };
  }
  onStage('saving');
  const saved = await updateProfile(ctx, { profile_picture_url: uploaded.data.publicUrl });
  if (!saved.ok) {
    // Nothing points at the new file: take it back out of the bucket.
    void storage.removeAvatar(uploaded.data.path);
    return { ok: false, reason: saved.error.code === 'not_signed_in' ? 'not_signed_in' : 'failed' };
  }
  const old = ownPhotoPath(previousUrl, ctx.userId);
  if (old && old !== uploaded.data.path) void storage.removeAvatar(old);
  return { ok: true };
}

/** Clears profile_picture_url (the avatar or the initial shows again) and deletes the stored file. */
export async function removePhoto(
  ctx: Ctx,
  storage: PhotoStorage,
  currentUrl: string | null | undefined,
): Promise<PictureResult> {
  if (!ctx.userId) return { ok: false, reason: 'not_signed_in' };
  const saved = await updateProfile(ctx, { profile_picture_url: null });
  if (!saved.ok)
    return { ok: false, reason: saved.error.code === 'not_signed_in' ? 'not_signed_in' : 'failed' };
  const path = ownPhotoPath(currentUrl, ctx.userId);
  if (path) {
    const removed = await storage.removeAvatar(path);
    // The profile no longer shows it; a file left behind is only storage, so this is not the user's error.
    if (!removed.ok) console.warn('The old profile picture could not be deleted', removed.error);
  }
  return { ok: true };
}
