import type { LanguageDetectorModule } from 'i18next';
import {
  cookieLanguage,
  queryLanguage,
  requestedLanguages,
  supportedLanguageOf,
} from '@/domain/language-detection';

export { supportedLanguageOf };

export const LANGUAGE_STORAGE_KEY = 'i18nextLng';

type Source = 'querystring' | 'cookie' | 'localStorage' | 'sessionStorage' | 'navigator' | 'htmlTag';

export interface DetectionOptions {
  order: readonly Source[];
  lookupLocalStorage: string;
  lookupSessionStorage: string;
  caches: readonly ('localStorage' | 'sessionStorage')[];
}

/**
 * The spec's order: query string (`lng`), cookie (`i18next`), local storage, session storage, browser
 * language, page tag. The rule for each code is src/domain/language-detection.ts, shared with the landing.
 */
export const detectionOptions: DetectionOptions = {
  order: ['querystring', 'cookie', 'localStorage', 'sessionStorage', 'navigator', 'htmlTag'],
  lookupLocalStorage: LANGUAGE_STORAGE_KEY,
  lookupSessionStorage: LANGUAGE_STORAGE_KEY,
  caches: ['localStorage'],
};

function storage(name: 'localStorage' | 'sessionStorage'): Storage | undefined {
  try {
    return globalThis[name];
  } catch {
    return undefined; // privacy modes and sandboxed frames can refuse access
  }
}

function lookup(source: Source, options: DetectionOptions): string[] {
  const one = (value: string | null | undefined) => (value ? [value] : []);
  switch (source) {
    case 'querystring':
      return one(queryLanguage(globalThis.location.search, globalThis.location.hash));
    case 'cookie':
      return one(cookieLanguage(document.cookie));
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
    return requestedLanguages(this.options.order.flatMap((source) => lookup(source, this.options)));
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
