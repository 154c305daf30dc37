import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../../test/support/browser/render';
import { preferredScrollBehavior } from './app-scroll-to-top';

function reduceMotion() {
  vi.spyOn(window, 'matchMedia').mockImplementation(
    (query: string) =>
      ({
        matches: query.includes('reduce'),
        media: query,
        onchange: null,
        addEventListener: () => {},
        removeEventListener: () => {},
        addListener: () => {},
        removeListener: () => {},
        dispatchEvent: () => false,
      }) as MediaQueryList,
  );
}

afterEach(() => vi.restoreAllMocks());

describe('scroll to top on route change', () => {
  it('the app router scrolls the window smoothly to the top on a new route', async () => {
    const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
    const { user } = renderApp({ route: '/' });
    await screen.findByRole('heading', { level: 1, name: 'Never skip leg day alone.' });
    scrollTo.mockClear();
    await user.click(screen.getAllByRole('link', { name: 'Legal notice' })[0]!);
    await screen.findByRole('heading', { level: 1, name: 'Legal notice' });
    await vi.waitFor(() => expect(scrollTo).toHaveBeenCalledWith({ top: 0, left: 0, behavior: 'smooth' }));
  });

  it('jumps without animation when the user prefers reduced motion', () => {
    expect(preferredScrollBehavior()).toBe('smooth');
    reduceMotion();
    expect(preferredScrollBehavior()).toBe('instant');
  });
});
