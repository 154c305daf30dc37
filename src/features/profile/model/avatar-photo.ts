// Pure rules of the profile picture: the square cut of an uploaded image and where a picture lives in
// the avatars bucket. The drawing itself is in ../data/resize-photo.ts (canvas, browser only).

/** Side of the stored square picture, in pixels: sharp at the largest size shown (the profile card). */
export const PHOTO_SIZE = 256;

/** Pictures larger than this are not even decoded (a phone photo is a few MB; 25 MB is not a photo). */
export const PHOTO_INPUT_MAX_BYTES = 25 * 1024 * 1024;

export interface SquareCut {
  /** The centred square taken from the source image. */
  sx: number;
  sy: number;
  side: number;
  /** Side of the output square: PHOTO_SIZE, or the source's smaller side if that is smaller (no upscaling). */
  out: number;
}

/** The largest centred square of a `width`×`height` image, scaled down to at most `size` pixels. */
export function squareCut(width: number, height: number, size = PHOTO_SIZE): SquareCut {
  if (!(width > 0 && height > 0)) throw new RangeError(`not an image size: ${width}×${height}`);
  const side = Math.min(width, height);
  return {
    sx: Math.floor((width - side) / 2),
    sy: Math.floor((height - side) / 2),
    side,
    out: Math.max(1, Math.min(Math.floor(size), side)),
  };
}

/** Types a file picker accepts; the resize re-encodes each as webp or jpeg, all the bucket takes with png. */
export const PHOTO_ACCEPT = 'image/png,image/jpeg,image/webp,image/gif,image/avif,image/bmp';

export function isAcceptablePhoto(file: { type: string; size: number }): boolean {
  return (
    file.type.startsWith('image/') && file.type !== 'image/svg+xml' && file.size <= PHOTO_INPUT_MAX_BYTES
  );
}

const PUBLIC_PATH = '/storage/v1/object/public/avatars/';

/**
 * The storage path (`<uid>/<name>`) of a picture URL in the avatars bucket if it is one of `userId`'s own,
 * else null (a URL elsewhere is never deleted).
 */
export function ownPhotoPath(url: string | null | undefined, userId: string): string | null {
  if (!url) return null;
  let pathname: string;
  try {
    pathname = new URL(url).pathname;
  } catch {
    return null;
  }
  const at = pathname.indexOf(PUBLIC_PATH);
  if (at < 0) return null;
  const path = decodeURIComponent(pathname.slice(at + PUBLIC_PATH.length));
  const [folder, name, ...rest] = path.split('/');
  if (folder !== userId || !name || rest.length > 0 || name === '..') return null;
  return path;
}
