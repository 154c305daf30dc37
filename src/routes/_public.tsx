import { createRoute, Outlet } from '@tanstack/react-router';
import { PublicShell } from '@/app/shell/public-shell';
import { NotFoundView } from '@/components/not-found-view';
import { rootRoute } from './__root';

/** Pathless layout of the visitor pages: header and footer around them. */
export const publicLayoutRoute = createRoute({
  getParentRoute: () => rootRoute,
  id: '_public',
  component: PublicLayout,
  // A child that throws notFound() (say, a malformed profile link) keeps the header and footer.
  notFoundComponent: NotFoundView,
});

function PublicLayout() {
  return (
    <PublicShell>
      <Outlet />
    </PublicShell>
  );
}
