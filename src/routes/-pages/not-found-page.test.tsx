import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../../test/support/browser/render';

describe('Not Found page', () => {
  it('shows "Page Not Found" and a link home for an unknown path', async () => {
    renderApp({ route: '/no-such-page' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Page Not Found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to home' })).toHaveAttribute('href', '/');
    expect(document.title).toBe('Page Not Found · Spotter');
    // The public frame is around it: footer links still lead on.
    expect(screen.getByRole('link', { name: 'Legal notice' })).toHaveAttribute('href', '/impressum');
  });

  it('is translated', async () => {
    renderApp({ route: '/gibt/es/nicht', language: 'de' });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Seite nicht gefunden' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Zurück zur Startseite' })).toHaveAttribute('href', '/');
  });

  it('takes the user home', async () => {
    const { user, router } = renderApp({ route: '/nowhere' });
    await user.click(await screen.findByRole('link', { name: 'Back to home' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Never skip leg day alone.' }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
  });

  it.each(['/u/%3Cscript%3E', '/p/not-a-uuid'])(
    'answers a malformed profile link %s with Invalid profile link (spec point 8), not Not Found',
    async (route) => {
      renderApp({ route });
      expect(
        await screen.findByRole('heading', { level: 1, name: 'Invalid profile link' }, { timeout: 5000 }),
      ).toBeInTheDocument();
    },
  );

  it('still serves the known public routes', async () => {
    // A well-formed profile link is the profile page (no backend here: it says it could not load it).
    renderApp({ route: '/u/mia' });
    expect(
      await screen.findByRole(
        'heading',
        { level: 1, name: 'Profile could not be loaded' },
        { timeout: 5000 },
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Page Not Found' })).not.toBeInTheDocument();
  });
});
