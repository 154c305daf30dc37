import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createTestI18n, renderApp } from '../../../test/support/browser/render';
import { supportedLanguageOf } from './detection';
import { syncDocumentLanguage } from './document-language';

function browserLanguages(...languages: string[]) {
  vi.spyOn(window.navigator, 'languages', 'get').mockReturnValue(languages);
  vi.spyOn(window.navigator, 'language', 'get').mockReturnValue(languages[0] ?? '');
}

function visit(search: string) {
  window.history.replaceState(null, '', `/${search}`);
}

describe('language detection', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    visit('');
    document.cookie = 'i18next=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/';
  });

  it('gives a German browser German text', async () => {
    browserLanguages('de-DE', 'de', 'en');
    const i18n = createTestI18n();
    expect(i18n.resolvedLanguage).toBe('de');
    renderApp({ route: '/nicht-da', i18n });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Seite nicht gefunden' }),
    ).toBeInTheDocument();
  });

  it('falls back to English for an unsupported browser language', () => {
    browserLanguages('fr-FR', 'fr');
    expect(createTestI18n().resolvedLanguage).toBe('en');
  });

  it("skips an unsupported language in favour of the browser's next one", () => {
    browserLanguages('fr-FR', 'it-IT');
    expect(createTestI18n().resolvedLanguage).toBe('it');
  });

  it('lets ?lng= win over storage and browser, and remembers it', () => {
    browserLanguages('de-DE');
    localStorage.setItem('i18nextLng', 'en');
    visit('?lng=it');
    expect(createTestI18n().resolvedLanguage).toBe('it');
    expect(localStorage.getItem('i18nextLng')).toBe('it');
  });

  it('takes the cookie before local storage', () => {
    browserLanguages('en-US');
    document.cookie = 'i18next=it; path=/';
    localStorage.setItem('i18nextLng', 'de');
    expect(createTestI18n().resolvedLanguage).toBe('it');
  });

  it('reads the stored choice (i18nextLng) before the browser language', () => {
    browserLanguages('it-IT');
    localStorage.setItem('i18nextLng', 'de');
    expect(createTestI18n().resolvedLanguage).toBe('de');
  });

  it('drops codes that look like injection and uses the next source', () => {
    browserLanguages('de-DE');
    visit(`?lng=${encodeURIComponent('<script>alert(1)</script>')}`);
    localStorage.setItem('i18nextLng', 'javascript:alert(1)');
    const i18n = createTestI18n();
    expect(i18n.resolvedLanguage).toBe('de');
    expect(localStorage.getItem('i18nextLng')).toBe('de');
  });

  it('maps regional codes to the supported language', () => {
    expect(supportedLanguageOf('de-AT')).toBe('de');
    expect(supportedLanguageOf('IT_ch')).toBe('it');
    expect(supportedLanguageOf('en')).toBe('en');
    expect(supportedLanguageOf('fr')).toBeUndefined();
    expect(supportedLanguageOf('de"><img src=x onerror=alert(1)>')).toBeUndefined();
    expect(supportedLanguageOf('onload')).toBeUndefined();
  });
});

describe('<html lang>', () => {
  it('follows the language', async () => {
    const i18n = createTestI18n('de');
    const stop = syncDocumentLanguage(i18n);
    expect(document.documentElement.lang).toBe('de');
    await i18n.changeLanguage('it');
    expect(document.documentElement.lang).toBe('it');
    stop();
    await i18n.changeLanguage('en');
    expect(document.documentElement.lang).toBe('it');
  });
});
