import { createRoute } from '@tanstack/react-router';
import { retryImport } from '@/lib/retry-import';
import { appLayoutRoute } from './app.route';

export const notificationsRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: '/notifications',
}).lazy(() => retryImport(() => import('./notifications.lazy')).then((module) => module.Route));
