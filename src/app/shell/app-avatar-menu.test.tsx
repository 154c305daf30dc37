// @clock-sensitive: fake timers; the streak shown
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/support/browser/render';
import { AppAvatarMenu } from './app-avatar-menu';
import type { ShellIdentity } from './app-identity';
import { shellMenusPart } from './app-lazy-menu';

const identity: ShellIdentity = {
  profile: {
    username: 'lena',
    discriminator: '0042',
    avatar_id: 'avatar3',
    profile_picture_url: null,
    level: 2,
    current_streak: 4,
  },
  username: 'lena',
  handle: 'lena#0042',
  level: 2,
  streak: 4,
};

/**
 * Renders the menu with real timers (the router settles), then fakes setTimeout so that only the test
 * moves time. Events go through fireEvent: Testing Library's async wrapper (used by user-event) waits on
 * a real timeout, which fake timers never fire. The menu's code is loaded first, as it is soon after the
 * first screen in the app (app-avatar-menu-lazy.test.tsx covers a trigger used before it has arrived).
 */
async function renderMenu() {
  await shellMenusPart.load();
  renderWithProviders(<AppAvatarMenu identity={identity} />);
  const target = await screen.findByRole('button', { name: 'Account menu' });
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  const advance = (ms: number) =>
    act(() => {
      vi.advanceTimersByTime(ms);
    });
  return { target, advance };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('avatar menu', () => {
  it('opens 100 ms after the pointer arrives, not before', async () => {
    const { target, advance } = await renderMenu();
    fireEvent.mouseEnter(target);
    advance(99);
    expect(screen.queryByRole('menu')).toBeNull();
    advance(1);
    expect(screen.getByRole('menu')).toBeInTheDocument();
  });

  it('does not open when the pointer only passes over it', async () => {
    const { target, advance } = await renderMenu();
    fireEvent.mouseEnter(target);
    advance(60);
    fireEvent.mouseLeave(target);
    advance(1000);
    expect(screen.queryByRole('menu')).toBeNull();
  });

  it('stays 300 ms after the pointer leaves, then closes', async () => {
    const { target, advance } = await renderMenu();
    fireEvent.mouseEnter(target);
    advance(100);
    fireEvent.mouseLeave(target);
    advance(299);
    expect(screen.getByRole('menu')).toBeInTheDocument();
    advance(1);
    expect(screen.queryByRole('menu')).toBeNull();
  });

  it('stays open when the pointer reaches the dropdown within the grace time', async () => {
    const { target, advance } = await renderMenu();
    fireEvent.mouseEnter(target);
    advance(100);
    fireEvent.mouseLeave(target);
    advance(200);
    fireEvent.mouseEnter(screen.getByRole('menu'));
    advance(1000);
    expect(screen.getByRole('menu')).toBeInTheDocument();
  });

  it('opens at once on click and stays after the pointer leaves', async () => {
    const { target, advance } = await renderMenu();
    fireEvent.click(target);
    expect(screen.getByRole('menu')).toBeInTheDocument();
    fireEvent.mouseLeave(target);
    advance(1000);
    expect(screen.getByRole('menu')).toBeInTheDocument();
  });

  it('lists name and level, Profile, Add friend, Settings, Plan and Sign out', async () => {
    const { target } = await renderMenu();
    fireEvent.click(target);
    const menu = screen.getByRole('menu');
    expect(menu).toHaveTextContent('lena');
    expect(menu).toHaveTextContent('Level 2');
    const items = screen.getAllByRole('menuitem');
    expect(items.map((item) => item.textContent)).toEqual([
      'Profile',
      'Add friend',
      'Settings',
      'Plan',
      'Sign out',
    ]);
    expect(items[0]).toHaveAttribute('href', '/profile');
    expect(items[1]).toHaveAttribute('href', '/profile?addFriend=1');
    expect(items[2]).toHaveAttribute('href', '/settings');
    expect(items[3]).toHaveAttribute('href', '/schedule');
  });

  it('opens from the keyboard and moves through the entries with the arrow keys', async () => {
    await shellMenusPart.load();
    const { user } = renderWithProviders(<AppAvatarMenu identity={identity} />);
    await screen.findByRole('button', { name: 'Account menu' });
    await user.tab();
    expect(screen.getByRole('button', { name: 'Account menu' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('menu')).toBeInTheDocument();
    await user.keyboard('{ArrowDown}');
    expect(document.activeElement).toHaveAttribute('role', 'menuitem');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
    expect(screen.getByRole('button', { name: 'Account menu' })).toHaveFocus();
  });
});
