import type { i18n as I18n } from 'i18next';

/**
 * Keeps `<html lang>` equal to the language the page is shown in (screen readers, hyphenation, the browser's
 * translate offer). Returns the unsubscribe function.
 */
export function syncDocumentLanguage(i18n: I18n, root: HTMLElement = document.documentElement): () => void {
  const apply = () => {
    const language = i18n.resolvedLanguage ?? i18n.language;
    if (language) root.lang = language;
  };
  apply();
  i18n.on('languageChanged', apply);
  i18n.on('initialized', apply);
  return () => {
    i18n.off('languageChanged', apply);
    i18n.off('initialized', apply);
  };
}
