import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/support/browser/render';
import { AppBurgerMenu } from './app-burger-menu';
import { shellMenusPart } from './app-lazy-menu';

// Modules of its own, not the graph other component files in this worker share (isolate: false,
// vitest.config.ts): the menus' code must not have loaded yet.
vi.hoisted(() => vi.resetModules());

describe('burger menu', () => {
  it('opens from the keyboard before its code has arrived and keeps focus on the trigger', async () => {
    const { user } = renderWithProviders(<AppBurgerMenu />);
    await screen.findByRole('button', { name: 'Open navigation menu' });
    expect(shellMenusPart.current()).toBeNull();
    await user.tab();
    await user.keyboard('{Enter}');
    const menu = await screen.findByRole('menu');
    expect(screen.getAllByRole('menuitem').map((item) => item.getAttribute('href'))).toEqual([
      '/home',
      '/schedule',
      '/gym',
    ]);
    expect(menu).toBeInTheDocument();
    await user.keyboard('{ArrowDown}');
    expect(document.activeElement).toHaveAttribute('role', 'menuitem');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
    expect(screen.getByRole('button', { name: 'Open navigation menu' })).toHaveFocus();
  });
});
