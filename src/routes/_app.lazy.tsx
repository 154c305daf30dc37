import { createLazyRoute, Outlet } from '@tanstack/react-router';
import { SessionGuard } from '@/features/auth/components/session-guard';

export const Route = createLazyRoute('/_app')({ component: AppLayout });

function AppLayout() {
  return (
    <SessionGuard>
      <Outlet />
    </SessionGuard>
  );
}
