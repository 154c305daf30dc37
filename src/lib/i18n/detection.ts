import LanguageDetector, { type DetectorOptions } from 'i18next-browser-languagedetector';
import { isSafeLanguageCode, resolveLanguage, type Language } from '@/domain/language';

export const LANGUAGE_STORAGE_KEY = 'i18nextLng';

/** The spec's order: query string, cookie, local storage, session storage, browser language, page tag. */
export const detectionOptions: DetectorOptions = {
  order: ['querystring', 'cookie', 'localStorage', 'sessionStorage', 'navigator', 'htmlTag'],
  lookupQuerystring: 'lng',
  lookupCookie: 'i18next',
  lookupLocalStorage: LANGUAGE_STORAGE_KEY,
  lookupSessionStorage: LANGUAGE_STORAGE_KEY,
  caches: ['localStorage'],
};

/**
 * A detected code that Spotter supports (`de-AT` -> `de`), or undefined. An unsupported code is dropped
 * rather than resolved to the fallback, so a later source (say, the browser's second language) still counts.
 */
export function supportedLanguageOf(code: string): Language | undefined {
  if (!isSafeLanguageCode(code)) return undefined;
  const language = resolveLanguage(code);
  const primary = code.trim().toLowerCase().split(/[-_]/)[0];
  return primary === language ? language : undefined;
}

/**
 * The browser detector, with every candidate passed through the domain's language rules: codes that look
 * like markup or script injection (from a crafted `?lng=` link, say) never reach i18next or the page.
 */
export class SafeLanguageDetector extends LanguageDetector {
  override detect(order?: DetectorOptions['order']): string[] {
    const found = super.detect(order);
    const candidates = found === undefined || found === null ? [] : Array.isArray(found) ? found : [found];
    return candidates.flatMap((code) => {
      const language = typeof code === 'string' ? supportedLanguageOf(code) : undefined;
      return language === undefined ? [] : [language];
    });
  }
}
