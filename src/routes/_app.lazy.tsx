import { createLazyRoute, Outlet } from '@tanstack/react-router';
import { UserDataProvider } from '@/app/user-data/user-data-provider';
import { SessionGuard } from '@/features/auth/components/session-guard';
import { ShellOverlays } from '@/features/overlays';

export const Route = createLazyRoute('/_app')({ component: AppLayout });

function AppLayout() {
  return (
    <SessionGuard>
      {({ user, accessToken }) => (
        <UserDataProvider user={user} accessToken={accessToken}>
          <Outlet />
          <ShellOverlays />
        </UserDataProvider>
      )}
    </SessionGuard>
  );
}
