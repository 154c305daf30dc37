import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { COLOR_SCHEME_STORAGE_KEY } from '@/app/color-scheme';
import { renderWithProviders } from '../../test/support/browser/render';
import { ColorSchemeControl } from './color-scheme-control';
import { ThemeToggle } from './theme-toggle';

const html = document.documentElement;

describe('colour scheme', () => {
  it('defaults to system, which follows the device (light here)', async () => {
    renderWithProviders(<ColorSchemeControl />);
    expect(await screen.findByRole('radio', { name: 'System' })).toBeChecked();
    expect(html).toHaveAttribute('data-mantine-color-scheme', 'light');
    expect(localStorage.getItem(COLOR_SCHEME_STORAGE_KEY)).toBeNull();
  });

  it('follows a dark device while on system', async () => {
    const darkDevice = vi.spyOn(window, 'matchMedia').mockImplementation(
      (query: string) =>
        ({
          matches: query.includes('dark'),
          media: query,
          onchange: null,
          addEventListener: () => {},
          removeEventListener: () => {},
          addListener: () => {},
          removeListener: () => {},
          dispatchEvent: () => false,
        }) as MediaQueryList,
    );
    renderWithProviders(<ThemeToggle />);
    expect(await screen.findByRole('button', { name: 'Switch to light mode' })).toBeInTheDocument();
    expect(html).toHaveAttribute('data-mantine-color-scheme', 'dark');
    darkDevice.mockRestore();
  });

  it('the compact toggle flips light and dark and stores the choice', async () => {
    const { user } = renderWithProviders(<ThemeToggle />);
    await user.click(await screen.findByRole('button', { name: 'Switch to dark mode' }));
    expect(html).toHaveAttribute('data-mantine-color-scheme', 'dark');
    expect(localStorage.getItem(COLOR_SCHEME_STORAGE_KEY)).toBe('dark');

    await user.click(screen.getByRole('button', { name: 'Switch to light mode' }));
    expect(html).toHaveAttribute('data-mantine-color-scheme', 'light');
    expect(localStorage.getItem(COLOR_SCHEME_STORAGE_KEY)).toBe('light');
  });

  it('restores a stored choice', async () => {
    localStorage.setItem(COLOR_SCHEME_STORAGE_KEY, 'dark');
    renderWithProviders(<ColorSchemeControl />);
    expect(await screen.findByRole('radio', { name: 'Dark' })).toBeChecked();
    expect(html).toHaveAttribute('data-mantine-color-scheme', 'dark');
  });

  it('the full control can go back to system', async () => {
    localStorage.setItem(COLOR_SCHEME_STORAGE_KEY, 'dark');
    const { user } = renderWithProviders(<ColorSchemeControl />, { language: 'de' });
    await user.click(await screen.findByRole('radio', { name: 'System' }));
    expect(localStorage.getItem(COLOR_SCHEME_STORAGE_KEY)).toBe('auto');
    expect(html).toHaveAttribute('data-mantine-color-scheme', 'light');
  });
});
