// @clock-sensitive: wall-clock timestamps
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/support/browser/render';
import { AppAvatarMenu } from './app-avatar-menu';
import type { ShellIdentity } from './app-identity';
import { shellMenusPart } from './app-lazy-menu';

// Modules of its own, not the graph other component files in this worker share (isolate: false,
// vitest.config.ts): the menus' code must not have loaded yet.
vi.hoisted(() => vi.resetModules());

const identity: ShellIdentity = { profile: null, username: 'lena', handle: 'lena#0042', level: 2, streak: 1 };

// The menu's code has not loaded in this file until the pointer reaches the trigger (the loaded menu's
// timings: app-avatar-menu.test.tsx).
describe('avatar menu used before its code has arrived', () => {
  it('a hover loads the menu and opens it after the delay; leaving closes it after the grace time', async () => {
    renderWithProviders(<AppAvatarMenu identity={identity} />);
    const trigger = await screen.findByRole('button', { name: 'Account menu' });
    expect(shellMenusPart.current()).toBeNull();
    expect(trigger).toHaveAttribute('aria-haspopup', 'menu');
    expect(trigger).toHaveAttribute('aria-expanded', 'false');

    const hoveredAt = Date.now();
    fireEvent.mouseEnter(trigger);
    expect(await screen.findByRole('menu')).toHaveTextContent('lena');
    expect(Date.now() - hoveredAt).toBeGreaterThanOrEqual(100);
    const loadedTrigger = screen.getByRole('button', { name: 'Account menu' });
    expect(loadedTrigger).toHaveAttribute('aria-expanded', 'true');

    fireEvent.mouseLeave(loadedTrigger);
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
  });
});
