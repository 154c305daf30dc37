import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../../test/support/browser/render';
import { InstallButton } from './install-button';
import { StaticLandingContext } from './static-landing-context';

describe('InstallButton', () => {
  it('renders nothing in a browser that can neither install nor is iOS', async () => {
    renderWithProviders(
      <>
        <p>page</p>
        <InstallButton />
      </>,
    );
    // The harness renders through a router: wait until the page is there.
    await screen.findByText('page');
    expect(document.querySelector('[data-static-install]')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Install the app', hidden: true })).toBeNull();
  });

  it('renders its markup hidden for the static landing, whose script shows it', async () => {
    renderWithProviders(
      <StaticLandingContext.Provider value>
        <InstallButton />
      </StaticLandingContext.Provider>,
    );
    const button = await screen.findByRole('button', { name: 'Install the app', hidden: true });
    expect(button.closest<HTMLElement>('[data-static-install]')?.hidden).toBe(true);
    expect(screen.queryByRole('button', { name: 'Install the app' })).toBeNull();
  });
});
