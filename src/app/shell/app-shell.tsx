import { useRouterState } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { SyncPanelHost } from '@/features/sync-panel/components/sync-panel-host';
import { useAppBadge } from '@/lib/app-badge';
import { AppDesktopHeader } from './app-desktop-header';
import { useHeaderHidden } from './app-header-autohide';
import { shellIdentity } from './app-identity';
import { AppMobileHeader } from './app-mobile-header';
import { useShellData } from './app-shell-data';
import classes from './app-shell.module.css';
import { AppSidebar } from './app-sidebar';
import { useShortcutTarget } from './shortcut-target';
import { AppTabBar } from './app-tab-bar';
import { AppXpBar } from './app-xp-bar';

/**
 * The frame of every signed-in screen (spec point 2, "App shell"): sidebar (desktop, once the profile
 * exists), desktop or mobile header, the XP bar under it, the page, and the phone's bottom tab bar.
 * Everything it shows is live from the local database (useShellData), the app icon's badge included.
 */
export function AppShell({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const data = useShellData();
  // The installed app's icon shows what the bell shows (cleared when the shell goes: sign-out).
  useAppBadge(data.unread);
  // A home-screen shortcut's control (?do=checkin, ?do=rest) gets the focus once it renders.
  useShortcutTarget(useRouterState({ select: (state) => state.location.href }));
  const identity = shellIdentity(data.profile, data.progress);
  const withSidebar = data.profile !== null && data.profile !== undefined;
  const headerHidden = useHeaderHidden();
  return (
    <div className={classes.shell} data-with-sidebar={withSidebar ? '' : undefined}>
      <a className={classes.skipLink} href="#main">
        {t('app.skipToContent')}
      </a>
      {withSidebar && <AppSidebar identity={identity} />}
      <div className={classes.column}>
        <div className={classes.top} data-header-hidden={headerHidden ? '' : undefined}>
          <AppDesktopHeader identity={identity} unread={data.unread} />
          <AppMobileHeader identity={identity} unread={data.unread} />
          <AppXpBar progress={data.progress} />
        </div>
        <main id="main" tabIndex={-1} className={classes.main}>
          {children}
        </main>
      </div>
      <AppTabBar pendingRequests={data.pendingRequests} />
      <SyncPanelHost />
    </div>
  );
}
