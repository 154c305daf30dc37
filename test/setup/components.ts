// Component tests run in jsdom with Testing Library's matchers. Each test starts from a clean page: no stored
// theme or language, no colour-scheme attribute, `<html lang>` unset.
import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

afterEach(() => {
  cleanup();
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
