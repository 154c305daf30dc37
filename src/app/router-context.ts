import type { i18n as I18n } from 'i18next';

/** What every route's `beforeLoad` and `loader` receive. */
export interface RouterContext {
  /** Route loaders load their translation namespaces with it, so a page never renders untranslated. */
  i18n: I18n;
  // The session is not here: the `_app` layout component guards on the auth store (src/lib/auth), so
  // the landing route never loads supabase-js.
}
