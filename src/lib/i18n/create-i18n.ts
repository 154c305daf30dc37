import { createInstance, type i18n as I18n, type InitOptions, type Resource } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { FALLBACK_LANGUAGE, SUPPORTED_LANGUAGES, type Language } from '@/domain/language';
import { detectionOptions, SafeLanguageDetector } from './detection';
import { lazyLocaleBackend } from './locale-loader';
import { withLocaleParts } from './locale-parts';
import { DEFAULT_NAMESPACE, INITIAL_NAMESPACES } from './resources';

export interface CreateI18nOptions {
  /** A fixed language; without it the browser detector decides (and remembers the choice). */
  language?: Language;
  /** All resources up front (tests): initialisation is then synchronous. Without them, namespaces load lazily. */
  resources?: Resource;
  /** Namespaces to load with the initial ones (in parallel), such as the first page's own. */
  extraNamespaces?: readonly string[];
}

export interface I18nHandle {
  i18n: I18n;
  /** Settles once the initial namespaces of the chosen language are loaded. */
  ready: Promise<unknown>;
}

/** One configured i18next instance; the app makes one at boot, each component test makes its own. */
export function createI18n({
  language,
  resources,
  extraNamespaces = [],
}: CreateI18nOptions = {}): I18nHandle {
  const i18n = createInstance();
  if (language === undefined) i18n.use(SafeLanguageDetector);
  if (resources === undefined) i18n.use(lazyLocaleBackend);
  i18n.use(initReactI18next);

  const options: InitOptions = {
    supportedLngs: [...SUPPORTED_LANGUAGES],
    fallbackLng: FALLBACK_LANGUAGE,
    load: 'languageOnly',
    nonExplicitSupportedLngs: true,
    ns: [...INITIAL_NAMESPACES, ...extraNamespaces],
    defaultNS: DEFAULT_NAMESPACE,
    detection: detectionOptions,
    // React escapes what it renders; escaping here too would double-escape.
    interpolation: { escapeValue: false },
    react: { useSuspense: true },
    initAsync: resources === undefined,
    ...(language === undefined ? {} : { lng: language }),
    ...(resources === undefined ? {} : { resources: withLocaleParts(resources) }),
  };
  const ready = i18n.init(options);
  return { i18n, ready };
}
