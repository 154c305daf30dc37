import { createRootRouteWithContext, Outlet } from '@tanstack/react-router';
import type { RouterContext } from '@/app/router-context';
import { NotFoundPage } from './-pages/not-found-page';

export const rootRoute = createRootRouteWithContext<RouterContext>()({
  component: Outlet,
  // Any path no route matches: the page comes with the public header and footer.
  notFoundComponent: NotFoundPage,
});
