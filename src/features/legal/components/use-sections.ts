import { useTranslation } from 'react-i18next';
import type { LegalSection } from './legal-page';

type Page = 'impressum' | 'privacy' | 'terms';

/** The translated sections `keys` of a legal page, in order. */
export function useSections(page: Page, keys: readonly string[]): LegalSection[] {
  const { t } = useTranslation('legal');
  // Keys come from the page components' constant lists; i18n:check keeps them in every language.
  const text = t as unknown as (key: string) => string;
  return keys.map((key) => ({ heading: text(`${page}.${key}.heading`), body: text(`${page}.${key}.body`) }));
}
