// Component tests run in jsdom with Testing Library's matchers. Each test starts from a clean page: no stored
// theme or language, no colour-scheme attribute, `<html lang>` unset, no toast. Files share a worker
// (isolate: false), so a toast left in Mantine's module-level store by one file showed in the next file's
// toast host (CI: a check-in toast answered a test's `getByRole('status')`).
import '@testing-library/jest-dom/vitest';
import { notifications } from '@mantine/notifications';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

// Route chunks load through real dynamic imports, which a busy machine (2 shared cores) can make slow: wait
// longer than Testing Library's 1 s and Vitest's 5 s defaults before calling a test failed. 5 s was cut
// short on 2 cores beside the integration and e2e projects (home in Italian at 5.4 s, 2026-12-07); a
// passing test never waits for it, so 10 s costs nothing.
configure({ asyncUtilTimeout: 10_000 });
vi.setConfig({ testTimeout: 20_000 });

afterEach(() => {
  cleanup();
  notifications.clean();
  localStorage.clear();
  sessionStorage.clear();
  document.documentElement.removeAttribute('data-mantine-color-scheme');
  document.documentElement.removeAttribute('lang');
});

// Mantine reads these browser APIs, which jsdom does not implement. No media query matches: the "system"
// colour scheme is light unless a test overrides matchMedia.
if (!window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addEventListener: () => {},
      removeEventListener: () => {},
      addListener: () => {},
      removeListener: () => {},
      dispatchEvent: () => false,
    }) as MediaQueryList;
}
class NoopResizeObserver {
  observe(): void {}
  unobserve(): void {}
  disconnect(): void {}
}
globalThis.ResizeObserver ??= NoopResizeObserver;
if (!('scrollIntoView' in window.HTMLElement.prototype)) {
  Object.assign(window.HTMLElement.prototype, { scrollIntoView: () => {} });
}
window.scrollTo = () => {};
