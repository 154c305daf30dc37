// The static `/` decides, before anything paints, whether it stays the static landing page or starts the
// app, and in which language it is shown. Both answers must equal what the app itself would decide:
// the landing route's redirect (src/routes/index.route.tsx) and the i18n detector (src/lib/i18n/detection.ts).
import type { Language } from '@/domain/language';
import { cookieLanguage, firstRequestedLanguage, queryLanguage } from '@/domain/language-detection';

// The app's storage keys, repeated rather than imported: their modules bring i18next's detector and Mantine
// (boot-decision.test.ts checks they stay equal).
/** src/lib/i18n/detection.ts LANGUAGE_STORAGE_KEY: the detector's cache of the language. */
export const LANGUAGE_KEY = 'i18nextLng';
/** src/app/color-scheme.ts COLOR_SCHEME_STORAGE_KEY: light or dark (nothing: the system's). */
export const COLOR_SCHEME_KEY = 'spotter-color-scheme';

export type BootMode = 'landing' | 'app';

/**
 * 'landing' only for `/` without a stored session and without an e-mail link's session in the fragment;
 * every other path (the servers and the service worker answer all of them with index.html) is the app's.
 */
export function chooseBootMode(pathname: string, hash: string, hasStoredSession: boolean): BootMode {
  if (pathname !== '/') return 'app';
  const fragment = new URLSearchParams(hash.replace(/^#/, ''));
  if (fragment.has('access_token') || fragment.has('error_description')) return 'app';
  return hasStoredSession ? 'app' : 'landing';
}

export interface LanguageSources {
  /** location.search (and, like the detector, a query inside the hash when there is no search). */
  search: string;
  hash: string;
  /** document.cookie */
  cookie: string;
  localStorage: string | null;
  sessionStorage: string | null;
  /** navigator.languages, then navigator.language */
  navigatorLanguages: readonly string[];
}

/** The detector's order: query `lng`, cookie, localStorage, sessionStorage, the browser's languages, `en`. */
export function detectLanguage(sources: LanguageSources): Language {
  return firstRequestedLanguage([
    queryLanguage(sources.search, sources.hash),
    cookieLanguage(sources.cookie),
    sources.localStorage,
    sources.sessionStorage,
    ...sources.navigatorLanguages,
  ]);
}
