import type { ErrorComponentProps } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { RouteErrorView } from '@/components/route-error-view';
import { isChunkLoadError } from '@/lib/chunk-error';
import { reloadPage } from '@/lib/reload-page';

/**
 * The router's error component for every route: the error text, and a Reload that reloads the page. A page
 * whose code could not be loaded says so in the user's language (offline: it is not on this device yet)
 * instead of the browser's technical message.
 */
export function RouteErrorPage({ error }: ErrorComponentProps) {
  const { t } = useTranslation('errors');
  let message = error instanceof Error ? error.message : undefined;
  if (isChunkLoadError(error)) {
    message = globalThis.navigator?.onLine === false ? t('route.chunkOffline') : t('route.chunkFailed');
  }
  return <RouteErrorView message={message} onReload={reloadPage} />;
}
