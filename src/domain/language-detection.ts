// Which language the browser asks for: the one rule for the static landing page (src/boot, before any
// framework loads) and the app's i18next detector (src/lib/i18n/detection.ts), so both always agree.
// Pure: the callers read the sources (location, cookie, storage, navigator) and pass them in.
import { FALLBACK_LANGUAGE, isSafeLanguageCode, resolveLanguage, type Language } from './language';

/** The detector's cookie and query names (i18next's defaults, which the spec keeps). */
export const LANGUAGE_QUERY = 'lng';
export const LANGUAGE_COOKIE = 'i18next';

/**
 * A detected code that Spotter supports (`de-AT` -> `de`), or undefined. An unsupported code is dropped
 * rather than resolved to the fallback, so a later source (say, the browser's second language) still counts;
 * codes that look like markup or script (a crafted `?lng=` link) never get through.
 */
export function supportedLanguageOf(code: string | null | undefined): Language | undefined {
  if (typeof code !== 'string' || !isSafeLanguageCode(code)) return undefined;
  const language = resolveLanguage(code);
  const primary = code.trim().toLowerCase().split(/[-_]/)[0];
  return primary === language ? language : undefined;
}

/** `lng` of the query, or of a `?` part of the fragment when the query is empty (hash routing links). */
export function queryLanguage(search: string, hash: string): string | null {
  const query = search !== '' ? search : hash.includes('?') ? hash.slice(hash.indexOf('?')) : '';
  return new URLSearchParams(query).get(LANGUAGE_QUERY);
}

/** The `i18next` cookie's value in `document.cookie`, if any. */
export function cookieLanguage(cookie: string): string | null {
  for (const part of cookie.split(';')) {
    const [name, ...value] = part.trim().split('=');
    if (name === LANGUAGE_COOKIE) return value.join('=');
  }
  return null;
}

/**
 * The supported languages the sources ask for, in the spec's order: query `lng`, cookie, local storage,
 * session storage, the browser's languages, then the page's `lang` attribute.
 */
export function requestedLanguages(candidates: readonly (string | null | undefined)[]): Language[] {
  return candidates.flatMap((code) => {
    const language = supportedLanguageOf(code);
    return language === undefined ? [] : [language];
  });
}

/** The first supported language the sources ask for, else the fallback (`en`). */
export function firstRequestedLanguage(candidates: readonly (string | null | undefined)[]): Language {
  return requestedLanguages(candidates)[0] ?? FALLBACK_LANGUAGE;
}
