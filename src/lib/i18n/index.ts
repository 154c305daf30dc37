export { createI18n, type CreateI18nOptions, type I18nHandle } from './create-i18n';
export { syncDocumentLanguage } from './document-language';
export { LANGUAGE_STORAGE_KEY, supportedLanguageOf } from './detection';
export { DEFAULT_NAMESPACE, INITIAL_NAMESPACES, type Namespace, type Resources } from './resources';
