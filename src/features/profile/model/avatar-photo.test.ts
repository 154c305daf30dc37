import { describe, expect, it } from 'vitest';
import { PHOTO_SIZE, isAcceptablePhoto, ownPhotoPath, squareCut } from './avatar-photo';

describe('squareCut', () => {
  it('takes the centred square of a landscape image and scales it to 256', () => {
    expect(squareCut(4000, 3000)).toEqual({ sx: 500, sy: 0, side: 3000, out: PHOTO_SIZE });
  });

  it('takes the centred square of a portrait image', () => {
    expect(squareCut(1080, 1921)).toEqual({ sx: 0, sy: 420, side: 1080, out: 256 });
  });

  it('never scales a small image up', () => {
    expect(squareCut(100, 80)).toEqual({ sx: 10, sy: 0, side: 80, out: 80 });
    expect(squareCut(1, 1)).toEqual({ sx: 0, sy: 0, side: 1, out: 1 });
  });

  it('refuses an empty image', () => {
    expect(() => squareCut(0, 10)).toThrow(RangeError);
    expect(() => squareCut(Number.NaN, 10)).toThrow(RangeError);
  });
});

describe('isAcceptablePhoto', () => {
  it('takes images up to 25 MB but not SVG (scripts) or other files', () => {
    expect(isAcceptablePhoto({ type: 'image/jpeg', size: 5_000_000 })).toBe(true);
    expect(isAcceptablePhoto({ type: 'image/svg+xml', size: 100 })).toBe(false);
    expect(isAcceptablePhoto({ type: 'application/pdf', size: 100 })).toBe(false);
    expect(isAcceptablePhoto({ type: 'image/png', size: 26 * 1024 * 1024 })).toBe(false);
  });
});

describe('ownPhotoPath', () => {
  const me = '0192c5a0-0000-7000-8000-000000000001';
  const base = 'http://127.0.0.1:54321/storage/v1/object/public/avatars';

  it('finds my own picture in the bucket', () => {
    expect(ownPhotoPath(`${base}/${me}/a.webp`, me)).toBe(`${me}/a.webp`);
  });

  it("never names another user's picture, a nested path or a URL elsewhere", () => {
    expect(ownPhotoPath(`${base}/someone-else/a.webp`, me)).toBeNull();
    expect(ownPhotoPath(`${base}/${me}/x/a.webp`, me)).toBeNull();
    expect(ownPhotoPath(`https://example.com/${me}/a.webp`, me)).toBeNull();
    expect(ownPhotoPath('not a url', me)).toBeNull();
    expect(ownPhotoPath(null, me)).toBeNull();
  });
});
