// @clock-sensitive: Today and the streak shown
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { planWorkout } from '@/db/commands/workouts';
import { cleanupDatabases } from '../../../test/support/browser/test-database';
import { daysFromToday } from '../../../test/support/clock/days';
import { USER } from '../../../test/support/browser/db-fixtures';
import { renderShell, SHELL_PROFILE, shellPart } from '../../../test/support/browser/app-shell-harness';

afterEach(async () => {
  vi.restoreAllMocks();
  await cleanupDatabases();
});

describe('app shell', () => {
  it('shows the bell badge up to 9, then 9+, and names the count', async () => {
    const { container } = await renderShell({ unread: 12 });
    const header = shellPart(container, 'desktop-header');
    const bell = await within(header).findByRole('link', { name: 'Notifications, 12 unread' });
    expect(bell).toHaveAttribute('href', '/notifications');
    expect(within(bell).getByTestId('count-badge')).toHaveTextContent('9+');
  });

  it('hides the badges at zero', async () => {
    const { container } = await renderShell();
    const header = shellPart(container, 'desktop-header');
    const bell = await within(header).findByRole('link', { name: 'Notifications' });
    expect(within(bell).queryByTestId('count-badge')).toBeNull();
    const tabs = shellPart(container, 'tab-bar');
    expect(within(tabs).getByRole('link', { name: 'Profile' })).toBeInTheDocument();
    expect(within(tabs).queryByTestId('count-badge')).toBeNull();
  });

  it('badges the Profile tab with the pending incoming friend requests', async () => {
    const { container } = await renderShell({ pendingRequests: 3 });
    const tabs = shellPart(container, 'tab-bar');
    const profileTab = await within(tabs).findByRole('link', {
      name: 'Profile, 3 pending friend requests',
    });
    expect(within(profileTab).getByTestId('count-badge')).toHaveTextContent('3');
  });

  it('caps the Profile tab badge at 9+', async () => {
    const { container } = await renderShell({ pendingRequests: 10 });
    const tabs = shellPart(container, 'tab-bar');
    const profileTab = await within(tabs).findByRole('link', {
      name: 'Profile, 10 pending friend requests',
    });
    expect(within(profileTab).getByTestId('count-badge')).toHaveTextContent('9+');
  });

  it('highlights the active entry in the sidebar and the tab bar, and follows navigation', async () => {
    const { container, user } = await renderShell({ route: '/profile' });
    const sidebar = await waitFor(() => shellPart(container, 'sidebar'));
    const tabs = shellPart(container, 'tab-bar');
    const current = (root: HTMLElement) =>
      within(root)
        .getAllByRole('link')
        .filter((link) => link.getAttribute('aria-current') === 'page')
        .map((link) => link.getAttribute('href'));
    expect(current(within(sidebar).getByRole('navigation'))).toEqual(['/profile']);
    expect(current(tabs)).toEqual(['/profile']);

    await user.click(within(sidebar).getByRole('link', { name: 'Gym' }));
    await waitFor(() => expect(current(tabs)).toEqual(['/gym']));
    expect(current(within(sidebar).getByRole('navigation'))).toEqual(['/gym']);
  });

  it('refreshes the data when a tab is opened, also the one already open', async () => {
    const { container, user, sync } = await renderShell({ route: '/home' });
    const syncNow = vi.spyOn(sync, 'syncNow');
    const tabs = shellPart(container, 'tab-bar');
    await user.click(within(tabs).getByRole('link', { name: 'Gym' }));
    expect(syncNow).toHaveBeenCalledTimes(1);
    await user.click(within(tabs).getByRole('link', { name: 'Gym' }));
    expect(syncNow).toHaveBeenCalledTimes(2);
    await user.click(within(tabs).getByRole('link', { name: 'Plan' }));
    expect(syncNow).toHaveBeenCalledTimes(3);
  });

  it('shows the sidebar only once the profile exists, with the product ID and the level', async () => {
    const { container, db } = await renderShell({ withProfile: false });
    expect(container.querySelector('[data-shell-part="sidebar"]')).toBeNull();
    await act(async () => {
      await db.profiles.insert(SHELL_PROFILE);
    });
    const sidebar = await waitFor(() => shellPart(container, 'sidebar'));
    expect(within(sidebar).getByText('lena#0042')).toBeInTheDocument();
    expect(within(sidebar).getByText('Level 2')).toBeInTheDocument();
    expect(within(sidebar).getByRole('button', { name: 'Sign out' })).toBeInTheDocument();
    expect(within(sidebar).getByRole('link', { name: 'Spotter home' })).toHaveAttribute('href', '/home');
  });

  it('shows level and streak in the mobile header, and "No streak" at zero', async () => {
    const { container, db } = await renderShell();
    const header = shellPart(container, 'mobile-header');
    await waitFor(() => expect(within(header).getByText('lena')).toBeInTheDocument());
    expect(within(header).getByText('Level 2')).toBeInTheDocument();
    expect(within(header).getByText('Streak: 4 days')).toBeInTheDocument();
    await act(async () => {
      const doc = await db.profiles.findOne(USER).exec();
      await doc?.incrementalPatch({ current_streak: 0 });
    });
    await waitFor(() => expect(within(header).getByText('No streak')).toBeInTheDocument());
  });

  it('moves the XP bar at once when a local write earns XP', async () => {
    const { db } = await renderShell();
    const bar = await screen.findByRole('progressbar', { name: 'Progress to level 3' });
    await waitFor(() => expect(bar.getAttribute('aria-valuenow')).not.toBeNull());
    const before = Number(bar.getAttribute('aria-valuenow'));
    // Plan workouts on the next four days: +5 XP each, counted locally before the server confirms.
    await act(async () => {
      for (const date of daysFromToday(1, 4)) {
        const result = await planWorkout({ db, userId: USER }, { type: 'strength', date });
        expect(result.ok).toBe(true);
      }
    });
    await waitFor(() => expect(Number(bar.getAttribute('aria-valuenow'))).toBeGreaterThan(before));
  });

  it('speaks German', async () => {
    const { container } = await renderShell({ language: 'de', pendingRequests: 1 });
    const tabs = shellPart(container, 'tab-bar');
    expect(
      await within(tabs).findByRole('link', { name: 'Profil, 1 offene Freundschaftsanfrage' }),
    ).toBeInTheDocument();
    expect(within(tabs).getByRole('link', { name: 'Start' })).toBeInTheDocument();
  });
});
