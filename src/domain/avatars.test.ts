import { afterEach, beforeEach, describe, it, expect, vi, type MockInstance } from 'vitest';
import { AVATAR_IDS, avatarPath, initialOf, isAvatarId, resolveAvatar } from './avatars';

let warn: MockInstance<typeof console.warn>;
beforeEach(() => {
  warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterEach(() => {
  warn.mockRestore();
});

describe('avatar ids', () => {
  it('are avatar1 to avatar9', () => {
    expect(AVATAR_IDS).toHaveLength(9);
    expect(AVATAR_IDS[0]).toBe('avatar1');
    expect(AVATAR_IDS[8]).toBe('avatar9');
    for (const id of AVATAR_IDS) expect(isAvatarId(id)).toBe(true);
  });

  it('refuses everything else', () => {
    for (const id of [
      'avatar0',
      'avatar10',
      'Avatar1',
      'avatar1 ',
      'avatar',
      '',
      '../avatar1',
      'avatar1.png',
    ]) {
      expect(isAvatarId(id), id).toBe(false);
    }
    expect(isAvatarId(null)).toBe(false);
    expect(isAvatarId(1)).toBe(false);
  });

  it('map to /avatars/{id}.png', () => {
    expect(avatarPath('avatar4')).toBe('/avatars/avatar4.png');
  });
});

// The configured Supabase origin and a picture as getPublicUrl builds it for an upload of user `ME`.
const ORIGIN = 'https://abcdefgh.supabase.co';
const ME = '0193a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b';
const PICTURE = `${ORIGIN}/storage/v1/object/public/avatars/${ME}/0193a1b2-0000-7000-8000-000000000001.webp`;

describe('resolveAvatar', () => {
  it('prefers the profile picture over the avatar id', () => {
    const r = resolveAvatar({ profile_picture_url: PICTURE, avatar_id: 'avatar3', username: 'mia' }, ORIGIN);
    expect(r).toEqual({ src: PICTURE, initial: 'M' });
    expect(warn).not.toHaveBeenCalled();
  });

  it('uses a valid avatar id when there is no picture', () => {
    expect(resolveAvatar({ avatar_id: 'avatar7', username: 'luca' }, ORIGIN)).toEqual({
      src: '/avatars/avatar7.png',
      initial: 'L',
    });
    expect(resolveAvatar({ profile_picture_url: '', avatar_id: 'avatar1', username: 'a' }, ORIGIN).src).toBe(
      '/avatars/avatar1.png',
    );
    expect(
      resolveAvatar({ profile_picture_url: '   ', avatar_id: 'avatar2', username: 'a' }, ORIGIN).src,
    ).toBe('/avatars/avatar2.png');
    expect(
      resolveAvatar({ profile_picture_url: null, avatar_id: 'avatar9', username: 'a' }, ORIGIN).src,
    ).toBe('/avatars/avatar9.png');
    expect(warn).not.toHaveBeenCalled();
  });

  it('gives no image and a console warning for an invalid avatar id', () => {
    expect(resolveAvatar({ avatar_id: 'avatar12', username: 'jo' }, ORIGIN)).toEqual({
      src: null,
      initial: 'J',
    });
    expect(warn).toHaveBeenCalledTimes(1);
    expect(String(warn.mock.calls[0]?.[0])).toContain('avatar12');
  });

  it('gives no image and no warning when nothing is set', () => {
    expect(resolveAvatar({ username: 'jo' }, ORIGIN)).toEqual({ src: null, initial: 'J' });
    expect(
      resolveAvatar({ avatar_id: null, profile_picture_url: null, username: 'jo' }, ORIGIN).src,
    ).toBeNull();
    expect(resolveAvatar({ avatar_id: '' }, ORIGIN).src).toBeNull();
    expect(warn).not.toHaveBeenCalled();
  });

  it('shows a picture of the local stack when that is the configured origin', () => {
    const local = 'http://127.0.0.1:4173';
    const url = `${local}/storage/v1/object/public/avatars/${ME}/a_1-b.png`;
    expect(resolveAvatar({ profile_picture_url: url }, local).src).toBe(url);
  });

  it('falls back to the avatar for a picture from anywhere but the avatars bucket at the configured origin', () => {
    const bucket = '/storage/v1/object/public/avatars';
    const refused = [
      // a tracking pixel, or the right path on another host or port
      'https://tracker.example/pixel.gif',
      `https://tracker.example${bucket}/${ME}/a.webp`,
      `http://abcdefgh.supabase.co${bucket}/${ME}/a.webp`,
      `https://abcdefgh.supabase.co:8443${bucket}/${ME}/a.webp`,
      `https://user@abcdefgh.supabase.co${bucket}/${ME}/a.webp`,
      // the configured origin, outside the avatars public folder or with something appended
      `${ORIGIN}/storage/v1/object/public/other/${ME}/a.webp`,
      `${ORIGIN}/storage/v1/object/sign/avatars/${ME}/a.webp`,
      `${ORIGIN}${bucket}/${ME}/a.webp?t=1`,
      `${ORIGIN}${bucket}/${ME}/a.webp#x`,
      `${ORIGIN}${bucket}/${ME}/sub/a.webp`,
      `${ORIGIN}${bucket}/${ME}/..`,
      `${ORIGIN}${bucket}/a.webp`,
      // no origin of its own, or not an image URL at all
      `${bucket}/${ME}/a.webp`,
      `//tracker.example${bucket}/${ME}/a.webp`,
      'blob:https://abcdefgh.supabase.co/abc',
      'data:image/png;base64,AAAA',
      'javascript:alert(1)',
      'data:text/html,<script>',
      'ftp://x/y.png',
      'not a url',
    ];
    for (const url of refused) {
      expect(resolveAvatar({ profile_picture_url: url, avatar_id: 'avatar5' }, ORIGIN).src, url).toBe(
        '/avatars/avatar5.png',
      );
    }
    expect(warn).toHaveBeenCalledTimes(refused.length);
  });

  it('shows no uploaded picture at all without a configured origin', () => {
    expect(resolveAvatar({ profile_picture_url: PICTURE, username: 'mia' }, null)).toEqual({
      src: null,
      initial: 'M',
    });
  });
});

describe('initialOf', () => {
  it('is the upper-case first letter of the username', () => {
    expect(initialOf('mia')).toBe('M');
    expect(initialOf('Zed')).toBe('Z');
    expect(initialOf('  émile')).toBe('É');
    expect(initialOf('42er')).toBe('4');
  });

  it('is U without a username', () => {
    expect(initialOf(undefined)).toBe('U');
    expect(initialOf(null)).toBe('U');
    expect(initialOf('')).toBe('U');
    expect(initialOf('   ')).toBe('U');
    expect(resolveAvatar({}, ORIGIN).initial).toBe('U');
  });

  it('keeps whole characters and a single letter', () => {
    expect(initialOf('😀bob')).toBe('😀');
    expect(initialOf('👩‍👩‍👧fam')).toBe('👩‍👩‍👧');
    expect(initialOf('e\u0301cole')).toBe('E\u0301');
    expect(initialOf('ßtrasse')).toBe('S');
  });
});
