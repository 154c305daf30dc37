import { createRouter, type RouterHistory } from '@tanstack/react-router';
import { PagePending } from '@/components/page-pending';
import { RouteErrorPage } from '@/routes/-pages/route-error-page';
import { scrollToTopOptions } from './shell/app-scroll-to-top';
import type { RouterContext } from './router-context';
import { routeTree } from './route-tree';

interface CreateAppRouterOptions {
  context: RouterContext;
  /** Browser history by default; tests pass a memory history. */
  history?: RouterHistory;
}

/** Router behaviour shared by the app and the test harness's routers. */
export const routerDefaults = {
  defaultPreload: 'intent',
  defaultErrorComponent: RouteErrorPage,
  defaultPendingComponent: PagePending,
  // Fuzzy: an unknown path under a layout shows that layout's Not Found, keeping its frame.
  notFoundMode: 'fuzzy',
} as const;

export function createAppRouter({ context, history }: CreateAppRouterOptions) {
  return createRouter({
    routeTree,
    context,
    ...(history === undefined ? {} : { history }),
    ...routerDefaults,
    // Smooth scroll to the top on every route change (instant with reduced motion).
    ...scrollToTopOptions(),
  });
}

export type AppRouter = ReturnType<typeof createAppRouter>;

// Registered once, so every Link, navigate() and route API is typed against this route tree.
declare module '@tanstack/react-router' {
  interface Register {
    router: AppRouter;
  }
}
