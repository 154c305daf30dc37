import { createLazyRoute, Outlet } from '@tanstack/react-router';
import { AppShell } from '@/app/shell/app-shell';
import { UserDataProvider } from '@/app/user-data/user-data-provider';
import { SessionGuard } from '@/features/auth/components/session-guard';
import { ShellOverlays } from '@/features/overlays';
import { PendingInviteFollowUp } from '@/features/profile/components/pending-invite-follow-up';
import { SettingsSync } from '@/features/settings/components/settings-sync';

export const Route = createLazyRoute('/_app')({ component: AppLayout });

function AppLayout() {
  return (
    <SessionGuard>
      {({ user, accessToken }) => (
        <UserDataProvider user={user} accessToken={accessToken}>
          <AppShell>
            <Outlet />
          </AppShell>
          <ShellOverlays />
          <SettingsSync />
          <PendingInviteFollowUp />
        </UserDataProvider>
      )}
    </SessionGuard>
  );
}
