import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { formatLocale } from './time-format';

/** The locale times and dates are formatted with: the app's language plus the browser's region. */
export function useFormatLocale(): string {
  const { i18n } = useTranslation();
  const language = i18n.language || 'en';
  return useMemo(() => formatLocale(language), [language]);
}
