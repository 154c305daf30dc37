// @clock-sensitive: the streak shown
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../test/support/browser/render';
import type { ShellIdentity } from './app-identity';
import { AppMobileMenu } from './app-mobile-menu';

const identity: ShellIdentity = {
  profile: null,
  username: 'lena',
  handle: 'lena#0042',
  level: 2,
  streak: 1,
};

describe('mobile avatar menu', () => {
  it('shows name, Spotter ID, level, streak, a theme toggle and the entries', async () => {
    const { user } = renderWithProviders(<AppMobileMenu identity={identity} />);
    await user.click(await screen.findByRole('button', { name: 'Account menu' }));
    const menu = await screen.findByRole('menu');
    expect(menu).toHaveTextContent('lena#0042');
    expect(menu).toHaveTextContent('Level 2');
    expect(menu).toHaveTextContent('Streak: 1 day');
    const items = screen.getAllByRole('menuitem');
    expect(items.map((item) => item.textContent)).toEqual([
      'Switch to dark mode',
      'Profile',
      'Add friend',
      'Schedule',
      'Gym',
      'Settings',
      'Notifications',
      'Sign out',
    ]);
    expect(items.slice(1, 7).map((item) => item.getAttribute('href'))).toEqual([
      '/profile',
      '/profile?addFriend=1',
      '/schedule',
      '/gym',
      '/settings',
      '/notifications',
    ]);

    // The theme entry flips the scheme and leaves the menu open.
    await user.click(screen.getByRole('menuitem', { name: 'Switch to dark mode' }));
    expect(document.documentElement).toHaveAttribute('data-mantine-color-scheme', 'dark');
    expect(screen.getByRole('menuitem', { name: 'Switch to light mode' })).toBeInTheDocument();
  });
});
