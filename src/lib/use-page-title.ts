import { useEffect } from 'react';

const APP_NAME = 'Spotter';

/** Sets the tab title to "<page> · Spotter" (just "Spotter" without a page title) while the page is shown. */
export function usePageTitle(title?: string): void {
  useEffect(() => {
    document.title = title === undefined || title === '' ? APP_NAME : `${title} · ${APP_NAME}`;
  }, [title]);
}
