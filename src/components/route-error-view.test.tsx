import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { reloadPage } from '@/lib/reload-page';
import { renderWithProviders } from '../../test/support/browser/render';

// Modules of its own, not the graph other component files in this worker share (isolate: false,
// vitest.config.ts): its subject must import the mocked reload-page.
vi.hoisted(() => vi.resetModules());

vi.mock('@/lib/reload-page', () => ({ reloadPage: vi.fn() }));

function Broken({ error }: { error: unknown }): never {
  throw error;
}

describe('route error screen', () => {
  beforeEach(() => {
    vi.mocked(reloadPage).mockClear();
    // React and the router log caught render errors; they are expected here.
    vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.spyOn(console, 'warn').mockImplementation(() => {});
  });

  it('shows the heading, the error text and a Reload button that reloads', async () => {
    const { user } = renderWithProviders(<Broken error={new Error('Failed to load activity feed')} />);
    expect(await screen.findByRole('heading', { name: 'Something went wrong' })).toBeInTheDocument();
    expect(screen.getByText('Failed to load activity feed')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Reload' }));
    expect(reloadPage).toHaveBeenCalledOnce();
  });

  it('falls back to "An unexpected error occurred." without an error text', async () => {
    renderWithProviders(<Broken error="not an Error" />);
    expect(await screen.findByText('An unexpected error occurred.')).toBeInTheDocument();
  });

  it('speaks the user language', async () => {
    renderWithProviders(<Broken error={new Error('')} />, { language: 'it' });
    expect(await screen.findByRole('heading', { name: 'Qualcosa è andato storto' })).toBeInTheDocument();
    expect(screen.getByText('Si è verificato un errore imprevisto.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Ricarica' })).toBeInTheDocument();
  });
});
