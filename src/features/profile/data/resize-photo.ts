// Draws the centred square of a picked image at 256×256 (model/avatar-photo.ts) and encodes it as WebP,
// or JPEG where the browser cannot encode WebP, so an upload is a few tens of KB whatever the camera made.
// createImageBitmap decodes off the main thread and applies the EXIF orientation of phone photos.
import { PHOTO_SIZE, squareCut } from '../model/avatar-photo';

const QUALITY = 0.85;

function toBlob(canvas: HTMLCanvasElement, type: string): Promise<Blob | null> {
  return new Promise((resolve) => canvas.toBlob(resolve, type, QUALITY));
}

/** The picture as a small square WebP (or JPEG) Blob; rejects if the file is not a decodable image. */
export async function resizePhoto(file: Blob, size = PHOTO_SIZE): Promise<Blob> {
  const source = await createImageBitmap(file, { imageOrientation: 'from-image' });
  try {
    const cut = squareCut(source.width, source.height, size);
    const canvas = document.createElement('canvas');
    canvas.width = cut.out;
    canvas.height = cut.out;
    const context = canvas.getContext('2d');
    if (!context) throw new Error('no 2d canvas');
    context.imageSmoothingEnabled = true;
    context.imageSmoothingQuality = 'high';
    context.drawImage(source, cut.sx, cut.sy, cut.side, cut.side, 0, 0, cut.out, cut.out);
    // toBlob falls back to PNG for a type it cannot write; PNG would be large, so JPEG then.
    const webp = await toBlob(canvas, 'image/webp');
    if (webp?.type === 'image/webp') return webp;
    const jpeg = await toBlob(canvas, 'image/jpeg');
    if (!jpeg) throw new Error('the picture could not be encoded');
    return jpeg;
  } finally {
    source.close();
  }
}
