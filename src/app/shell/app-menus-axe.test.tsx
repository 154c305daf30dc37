import { screen } from '@testing-library/react';
import axe from 'axe-core';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../test/support/browser/render';
import { AppAvatarMenu } from './app-avatar-menu';
import type { ShellIdentity } from './app-identity';
import { AppMobileMenu } from './app-mobile-menu';

const identity: ShellIdentity = { profile: null, username: 'lena', handle: 'lena#0042', level: 2, streak: 1 };

// The structural rules jsdom can judge (colour contrast needs a browser: test/e2e/shell.test.ts).
const RULES = [
  'aria-required-children',
  'aria-required-parent',
  'aria-allowed-role',
  'button-name',
  'link-name',
];

describe('shell menus, opened, pass axe structure rules', () => {
  it.each<[string, ReactNode]>([
    ['avatar menu', <AppAvatarMenu key="a" identity={identity} />],
    ['mobile menu', <AppMobileMenu key="m" identity={identity} />],
  ])('%s', async (_, ui) => {
    const { user } = renderWithProviders(ui);
    await user.click(await screen.findByRole('button', { name: 'Account menu' }));
    await screen.findByRole('menu'); // the menu's code loads on the first click
    const result = await axe.run(document.body, { runOnly: RULES });
    expect(result.violations.flatMap((v) => v.nodes.map((n) => `${v.id}: ${n.failureSummary}`))).toEqual([]);
  });
});
