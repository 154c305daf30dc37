import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { reloadPage } from '@/lib/reload-page';
import { createTestI18n } from '../../test/support/browser/render';
import { AppErrorBoundary } from './app-error-boundary';

// Modules of its own, not the graph other component files in this worker share (isolate: false,
// vitest.config.ts): its subject must import the mocked reload-page.
vi.hoisted(() => vi.resetModules());

vi.mock('@/lib/reload-page', () => ({ reloadPage: vi.fn() }));

function Broken({ error }: { error: unknown }): never {
  throw error;
}

describe('top-level error boundary', () => {
  beforeEach(() => {
    vi.mocked(reloadPage).mockClear();
    vi.spyOn(console, 'error').mockImplementation(() => {});
  });

  it('replaces the page with a warning, a heading, the message and a reload button', async () => {
    render(
      <AppErrorBoundary i18n={createTestI18n('en')}>
        <Broken error={new Error('Theme provider exploded')} />
      </AppErrorBoundary>,
    );
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('⚠');
    expect(screen.getByRole('heading', { level: 1, name: 'Something went wrong' })).toBeInTheDocument();
    expect(screen.getByText('Theme provider exploded')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Reload page' }));
    expect(reloadPage).toHaveBeenCalledOnce();
  });

  it('uses the translated unexpected-error text when the error has no message', () => {
    render(
      <AppErrorBoundary i18n={createTestI18n('de')}>
        <Broken error={42} />
      </AppErrorBoundary>,
    );
    expect(screen.getByText('Ein unerwarteter Fehler ist aufgetreten')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Seite neu laden' })).toBeInTheDocument();
  });

  it('logs the error for diagnosis', () => {
    render(
      <AppErrorBoundary i18n={createTestI18n('en')}>
        <Broken error={new Error('boom')} />
      </AppErrorBoundary>,
    );
    expect(console.error).toHaveBeenCalledWith(
      'Uncaught rendering error',
      expect.any(Error),
      expect.anything(),
    );
  });
});
