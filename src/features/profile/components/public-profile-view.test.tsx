// @clock-sensitive: streaks and dates shown
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../../test/support/browser/render';
import type { PublicProfile } from '../data/public-profile';
import { InviteSection } from './invite-section';
import { PublicProfileView, type AddFriendResult } from './public-profile-view';

const mia: PublicProfile = {
  id: '0190a3a0-0000-7000-8000-000000000001',
  username: 'Mia',
  discriminator: '0420',
  slug: 'mia-0420',
  avatar_id: 'avatar3',
  profile_picture_url: null,
  level: 7,
  current_streak: 4,
  best_streak: 12,
  achievement_ids: ['first_workout'],
  friendship_status: 'none',
};

const NO_SOCIAL = {
  workout_id: null,
  workout_date: null,
  workout_time: null,
  flex_count: 0,
  flexed_by_me: false,
};

const found = (profile: PublicProfile) =>
  ({ status: 'found', profile, activity: null, fromDevice: false }) as const;

describe('public profile page states', () => {
  it('a visitor sees the card, achievements and the ways to join (the invite travels to /register)', async () => {
    renderWithProviders(<PublicProfileView state={found(mia)} viewer="visitor" />, { route: '/u/mia-0420' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Mia' })).toBeInTheDocument();
    expect(screen.getByText('Mia#0420')).toBeInTheDocument();
    expect(screen.getByText('Level')).toBeInTheDocument();
    expect(screen.getByText('4 days')).toBeInTheDocument();
    expect(screen.getByText('12 days')).toBeInTheDocument();
    expect(screen.getByText('First Workout')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Create account' })).toHaveAttribute(
      'href',
      '/register?invite=mia-0420',
    );
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login');
    // Activity is for members only; a visitor has no Add friend.
    expect(screen.queryByRole('heading', { name: 'Recent activity' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add friend' })).not.toBeInTheDocument();
    expect(document.title).toBe('Mia on Spotter · Spotter');
  });

  it('a member sends a friend request; markup in names and activity stays text', async () => {
    const onAddFriend = vi.fn(async (): Promise<AddFriendResult> => ({ ok: true }));
    const profile = { ...mia, username: '<b>Mia</b>' };
    const { user } = renderWithProviders(
      <PublicProfileView
        state={{
          status: 'found',
          profile,
          fromDevice: false,
          activity: [
            {
              id: 'a1',
              kind: 'new_friend',
              created_at: new Date().toISOString(),
              workout_type: null,
              achievement_id: null,
              level: null,
              gym_name: null,
              friend_username: '<img src=x>',
              ...NO_SOCIAL,
            },
            {
              id: 'a2',
              kind: 'level_up',
              created_at: new Date().toISOString(),
              workout_type: null,
              achievement_id: null,
              level: 7,
              gym_name: null,
              friend_username: null,
              ...NO_SOCIAL,
            },
          ],
        }}
        viewer="member"
        onAddFriend={onAddFriend}
      />,
    );
    expect(await screen.findByRole('heading', { level: 1, name: '<b>Mia</b>' })).toBeInTheDocument();
    expect(screen.getByText('Became friends with <img src=x>')).toBeInTheDocument();
    expect(screen.getByText('Reached level 7')).toBeInTheDocument();
    expect(document.querySelector('img[src="x"]')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Add friend' }));
    expect(onAddFriend).toHaveBeenCalledWith(profile);
    expect(await screen.findByText('Friend request sent')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add friend' })).not.toBeInTheDocument();
  });

  it('a refusal shows its message under the button', async () => {
    const onAddFriend = async (): Promise<AddFriendResult> => ({ ok: false, message: 'friends:errors.self' });
    const { user } = renderWithProviders(
      <PublicProfileView state={found(mia)} viewer="member" onAddFriend={onAddFriend} />,
    );
    await user.click(await screen.findByRole('button', { name: 'Add friend' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('You cannot add yourself as a friend');
  });

  it('a friend, myself, and the offline copy from this device', async () => {
    const { unmount } = renderWithProviders(
      <PublicProfileView
        state={{
          status: 'found',
          profile: { ...mia, friendship_status: 'friend' },
          activity: null,
          fromDevice: true,
        }}
        viewer="member"
      />,
    );
    expect(await screen.findByText('Friends')).toBeInTheDocument();
    expect(screen.getByText(/as last synced to this device/)).toBeInTheDocument();
    // Achievements are not replicated: the offline copy leaves them out rather than showing none.
    expect(screen.queryByRole('heading', { name: 'Achievements' })).not.toBeInTheDocument();
    unmount();
    renderWithProviders(
      <PublicProfileView state={found({ ...mia, friendship_status: 'self' })} viewer="member" />,
    );
    expect(await screen.findByText('This is your profile')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Edit your profile' })).toHaveAttribute('href', '/profile');
  });

  it.each([
    ['notFound', 'User not found'],
    ['invalid', 'Invalid profile link'],
    ['unavailable', 'Profile could not be loaded'],
  ] as const)('%s: %s, with Sign in and Create account for a visitor', async (status, heading) => {
    renderWithProviders(<PublicProfileView state={{ status }} viewer="visitor" />);
    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Create account' })).toBeInTheDocument();
  });

  it('is translated (German and Italian)', async () => {
    const { unmount } = renderWithProviders(
      <PublicProfileView state={{ status: 'notFound' }} viewer="visitor" />,
      {
        language: 'de',
      },
    );
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Benutzer nicht gefunden' }),
    ).toBeInTheDocument();
    unmount();
    renderWithProviders(<PublicProfileView state={{ status: 'invalid' }} viewer="visitor" />, {
      language: 'it',
    });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Link del profilo non valido' }),
    ).toBeInTheDocument();
  });
});

describe('invite section', () => {
  const me = { slug: 'mia-0420', username: 'Mia', discriminator: '0420', visibility: 'public' as const };

  it('shows the absolute link, copies it with "Copied" feedback, and the QR code holds the link', async () => {
    const { user } = renderWithProviders(<InviteSection profile={me} />);
    const link = `${window.location.origin}/u/mia-0420`;
    expect(await screen.findByRole('textbox', { name: 'Your profile link' })).toHaveValue(link);
    // jsdom has no navigator.share: Copy is offered instead. user-event provides the clipboard.
    await user.click(screen.getByRole('button', { name: 'Copy link' }));
    expect(await screen.findByRole('button', { name: 'Copied' })).toBeInTheDocument();
    expect(await navigator.clipboard.readText()).toBe(link);
    const qr = await screen.findByRole('img', { name: 'QR code of your profile link' }, { timeout: 5000 });
    expect(qr).toHaveAttribute('data-qr-value', link);
    expect(decodeURIComponent(qr.getAttribute('src') ?? '')).toContain('<svg');
  });

  it('uses the Web Share API where the device offers it', async () => {
    const share = vi.fn(async () => undefined);
    Object.defineProperty(navigator, 'share', { value: share, configurable: true });
    try {
      const { user } = renderWithProviders(<InviteSection profile={{ ...me, visibility: 'friends' }} />);
      await user.click(await screen.findByRole('button', { name: 'Share' }));
      await waitFor(() =>
        expect(share).toHaveBeenCalledWith(
          expect.objectContaining({ url: `${window.location.origin}/u/mia-0420` }),
        ),
      );
      // Not public: the section says who can open the link and offers the Spotter ID.
      expect(screen.getByText(/only your friends can open this link/)).toHaveTextContent('Mia#0420');
    } finally {
      Reflect.deleteProperty(navigator, 'share');
    }
  });
});
