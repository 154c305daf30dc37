import type { ErrorComponentProps } from '@tanstack/react-router';
import { RouteErrorView } from '@/components/route-error-view';
import { reloadPage } from '@/lib/reload-page';

/** The router's error component for every route: the error text, and a Reload that reloads the page. */
export function RouteErrorPage({ error }: ErrorComponentProps) {
  const message = error instanceof Error ? error.message : undefined;
  return <RouteErrorView message={message} onReload={reloadPage} />;
}
