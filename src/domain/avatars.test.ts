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

describe('resolveAvatar', () => {
  it('prefers the profile picture over the avatar id', () => {
    const r = resolveAvatar({
      profile_picture_url: 'https://cdn.example.com/u/1.jpg',
      avatar_id: 'avatar3',
      username: 'mia',
    });
    expect(r).toEqual({ src: 'https://cdn.example.com/u/1.jpg', initial: 'M' });
    expect(warn).not.toHaveBeenCalled();
  });

  it('uses a valid avatar id when there is no picture', () => {
    expect(resolveAvatar({ avatar_id: 'avatar7', username: 'luca' })).toEqual({
      src: '/avatars/avatar7.png',
      initial: 'L',
    });
    expect(resolveAvatar({ profile_picture_url: '', avatar_id: 'avatar1', username: 'a' }).src).toBe(
      '/avatars/avatar1.png',
    );
    expect(resolveAvatar({ profile_picture_url: '   ', avatar_id: 'avatar2', username: 'a' }).src).toBe(
      '/avatars/avatar2.png',
    );
    expect(resolveAvatar({ profile_picture_url: null, avatar_id: 'avatar9', username: 'a' }).src).toBe(
      '/avatars/avatar9.png',
    );
    expect(warn).not.toHaveBeenCalled();
  });

  it('gives no image and a console warning for an invalid avatar id', () => {
    expect(resolveAvatar({ avatar_id: 'avatar12', username: 'jo' })).toEqual({ src: null, initial: 'J' });
    expect(warn).toHaveBeenCalledTimes(1);
    expect(String(warn.mock.calls[0]?.[0])).toContain('avatar12');
  });

  it('gives no image and no warning when nothing is set', () => {
    expect(resolveAvatar({ username: 'jo' })).toEqual({ src: null, initial: 'J' });
    expect(resolveAvatar({ avatar_id: null, profile_picture_url: null, username: 'jo' }).src).toBeNull();
    expect(resolveAvatar({ avatar_id: '' }).src).toBeNull();
    expect(warn).not.toHaveBeenCalled();
  });

  it('accepts root-relative, blob and inline-image pictures', () => {
    for (const url of [
      '/storage/v1/object/public/p/1.png',
      'blob:http://localhost/abc',
      'data:image/png;base64,AAAA',
    ]) {
      expect(resolveAvatar({ profile_picture_url: url }).src).toBe(url);
    }
  });

  it('never puts a script URL into an image, falling back to the avatar', () => {
    for (const url of [
      'javascript:alert(1)',
      '//evil.example/x.png',
      'data:text/html,<script>',
      'ftp://x/y.png',
    ]) {
      expect(resolveAvatar({ profile_picture_url: url, avatar_id: 'avatar5' }).src).toBe(
        '/avatars/avatar5.png',
      );
    }
    expect(warn).toHaveBeenCalledTimes(4);
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
    expect(resolveAvatar({}).initial).toBe('U');
  });

  it('keeps whole characters and a single letter', () => {
    expect(initialOf('😀bob')).toBe('😀');
    expect(initialOf('👩‍👩‍👧fam')).toBe('👩‍👩‍👧');
    expect(initialOf('e\u0301cole')).toBe('E\u0301');
    expect(initialOf('ßtrasse')).toBe('S');
  });
});
