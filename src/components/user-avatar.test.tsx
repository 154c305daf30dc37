import { screen } from '@testing-library/react';
import type { ReactElement } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { pictureOrigin } from '@/lib/shown-avatar';
import { renderWithProviders } from '../../test/support/browser/render';
import { UserAvatar } from './user-avatar';

// The spec's avatar rule through the one component every screen uses: picture, else built-in avatar, else
// the upper-case first character of the username ('U' without one). Screens: gym presence-section.test.tsx.

/** Renders one avatar (the router renders its page asynchronously) and returns its root. */
async function renderAvatar(ui: ReactElement): Promise<HTMLElement> {
  renderWithProviders(ui);
  return screen.findByTestId('avatar');
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('UserAvatar', () => {
  it('a name starting with "<" shows "<" as text, not markup and not "U"', async () => {
    const avatar = await renderAvatar(<UserAvatar profile={{ username: '<b>mia' }} data-testid="avatar" />);
    expect(avatar).toHaveTextContent(/^<$/);
    expect(avatar.querySelector('b')).toBeNull();
    expect(avatar.querySelector('img')).toBeNull();
  });

  it.each([[{ username: '' }], [{ username: '   ' }], [null], [undefined]])(
    'no name (%j) shows "U"',
    async (profile) => {
      const avatar = await renderAvatar(<UserAvatar profile={profile} data-testid="avatar" />);
      expect(avatar).toHaveTextContent(/^U$/);
    },
  );

  it('a lower-case name shows its upper-case first letter', async () => {
    const avatar = await renderAvatar(<UserAvatar profile={{ username: 'émile' }} data-testid="avatar" />);
    expect(avatar).toHaveTextContent(/^É$/);
  });

  it('an uploaded picture from the app storage wins over the built-in avatar', async () => {
    const url = `${pictureOrigin() ?? ''}/storage/v1/object/public/avatars/u-1/photo.webp`;
    const avatar = await renderAvatar(
      <UserAvatar
        profile={{ username: 'mia', avatar_id: 'avatar3', profile_picture_url: url }}
        data-testid="avatar"
      />,
    );
    expect(avatar.querySelector('img')).toHaveAttribute('src', url);
  });

  it('a picture URL elsewhere is not loaded: the built-in avatar shows instead', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const avatar = await renderAvatar(
      <UserAvatar
        profile={{ username: 'mia', avatar_id: 'avatar3', profile_picture_url: 'https://evil.example/p.png' }}
        data-testid="avatar"
      />,
    );
    expect(avatar.querySelector('img')).toHaveAttribute('src', '/avatars/avatar3.png');
  });

  it('is decorative by default', async () => {
    const avatar = await renderAvatar(<UserAvatar profile={{ username: 'mia' }} data-testid="avatar" />);
    expect(avatar).toHaveAttribute('aria-hidden', 'true');
  });

  it('is a named image when given alt text', async () => {
    renderWithProviders(
      <UserAvatar profile={{ username: 'mia', avatar_id: 'avatar1' }} alt="Your picture" />,
    );
    expect(await screen.findByRole('img', { name: 'Your picture' })).toHaveAttribute(
      'src',
      '/avatars/avatar1.png',
    );
  });
});
