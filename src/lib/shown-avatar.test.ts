import { afterAll, describe, expect, it, vi } from 'vitest';
import { pictureOrigin, shownAvatar } from './shown-avatar';

// Without VITE_SUPABASE_URL (the test and e2e builds) the app's Supabase is its own origin.
describe('shownAvatar', () => {
  const page = 'http://127.0.0.1:4173';
  const id = '0193a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b';
  vi.stubGlobal('location', new URL(`${page}/profile`));
  afterAll(() => vi.unstubAllGlobals());

  it("shows a picture in the avatars bucket of the page's own origin, and not one elsewhere", () => {
    expect(pictureOrigin()).toBe(page);
    const own = `${page}/storage/v1/object/public/avatars/${id}/a.webp`;
    expect(shownAvatar({ profile_picture_url: own, username: 'mia' }).src).toBe(own);
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    expect(
      shownAvatar({
        profile_picture_url: `https://tracker.example/storage/v1/object/public/avatars/${id}/a.webp`,
        avatar_id: 'avatar2',
      }).src,
    ).toBe('/avatars/avatar2.png');
    expect(warn).toHaveBeenCalledTimes(1);
    warn.mockRestore();
  });
});
