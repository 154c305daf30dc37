import type { LanguageDetectorModule } from 'i18next';
import { isSafeLanguageCode, resolveLanguage, type Language } from '@/domain/language';

export const LANGUAGE_STORAGE_KEY = 'i18nextLng';

type Source = 'querystring' | 'cookie' | 'localStorage' | 'sessionStorage' | 'navigator' | 'htmlTag';

export interface DetectionOptions {
  order: readonly Source[];
  lookupQuerystring: string;
  lookupCookie: string;
  lookupLocalStorage: string;
  lookupSessionStorage: string;
  caches: readonly ('localStorage' | 'sessionStorage')[];
}

/** The spec's order: query string, cookie, local storage, session storage, browser language, page tag. */
export const detectionOptions: DetectionOptions = {
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

function storage(name: 'localStorage' | 'sessionStorage'): Storage | undefined {
  try {
    return globalThis[name];
  } catch {
    return undefined; // privacy modes and sandboxed frames can refuse access
  }
}

/** The raw `name=value` of the query (or of a `?` part of the fragment when the query is empty). */
function queryValue(name: string): string | undefined {
  const { search, hash } = globalThis.location;
  const query = search !== '' ? search : hash.includes('?') ? hash.slice(hash.indexOf('?')) : '';
  let found: string | undefined;
  for (const pair of query.slice(1).split('&')) {
    const at = pair.indexOf('=');
    if (at > 0 && pair.slice(0, at) === name) found = pair.slice(at + 1);
  }
  return found;
}

function cookieValue(name: string): string | undefined {
  for (const part of document.cookie.split(';')) {
    const cookie = part.trimStart();
    if (cookie.startsWith(`${name}=`)) return cookie.slice(name.length + 1);
  }
  return undefined;
}

function lookup(source: Source, options: DetectionOptions): string[] {
  const one = (value: string | null | undefined) => (value ? [value] : []);
  switch (source) {
    case 'querystring':
      return one(queryValue(options.lookupQuerystring));
    case 'cookie':
      return one(cookieValue(options.lookupCookie));
    case 'localStorage':
      return one(storage('localStorage')?.getItem(options.lookupLocalStorage));
    case 'sessionStorage':
      return one(storage('sessionStorage')?.getItem(options.lookupSessionStorage));
    case 'navigator':
      return [...(navigator.languages ?? []), ...one(navigator.language)];
    case 'htmlTag':
      return one(document.documentElement.getAttribute('lang'));
  }
}

/**
 * The browser's language sources in the spec's order (what i18next-browser-languagedetector reads, for the
 * sources Spotter uses, in about a tenth of its size), every candidate passed through the domain's
 * language rules: codes that look like markup or script injection (from a crafted `?lng=` link, say) never
 * reach i18next or the page. The chosen language is remembered in local storage.
 */
export class SafeLanguageDetector implements LanguageDetectorModule {
  static readonly type = 'languageDetector';
  readonly type = 'languageDetector';
  private options: DetectionOptions = detectionOptions;

  init(_services: unknown, options?: Partial<DetectionOptions>): void {
    this.options = { ...detectionOptions, ...options };
  }

  detect(): string[] {
    return this.options.order.flatMap((source) =>
      lookup(source, this.options).flatMap((code) => {
        const language = supportedLanguageOf(code);
        return language === undefined ? [] : [language];
      }),
    );
  }

  cacheUserLanguage(language: string): void {
    if (language === 'cimode') return;
    for (const name of this.options.caches) {
      try {
        const key =
          name === 'localStorage' ? this.options.lookupLocalStorage : this.options.lookupSessionStorage;
        storage(name)?.setItem(key, language);
      } catch {
        // storage full or refused: the choice is not remembered
      }
    }
  }
}
