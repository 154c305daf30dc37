import { createRoute, Outlet } from '@tanstack/react-router';
import { useEffect } from 'react';
import { PublicShell } from '@/app/shell/public-shell';
import { NotFoundView } from '@/components/not-found-view';
import { settleSignOut } from '@/lib/auth/session-ended';
import { rootRoute } from './root.route';

/** Pathless layout of the visitor pages: header and footer around them. */
export const publicLayoutRoute = createRoute({
  getParentRoute: () => rootRoute,
  id: '_public',
  component: PublicLayout,
  // A child that throws notFound() (say, a malformed profile link) keeps the header and footer.
  notFoundComponent: NotFoundView,
});

function PublicLayout() {
  // The sign-out the user asked for has landed here: protected pages go to /login again.
  useEffect(() => settleSignOut(), []);
  return (
    <PublicShell>
      <Outlet />
    </PublicShell>
  );
}
