import { Anchor } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { BrandMark } from '@/components/brand-mark';
import { ThemeToggle } from '@/components/theme-toggle';
import { SyncButton } from '@/features/sync-panel/components/sync-button';
import { AppAvatarMenu } from './app-avatar-menu';
import { AppBurgerMenu } from './app-burger-menu';
import type { ShellIdentity } from './app-identity';
import { AppNotificationBell } from './app-notification-bell';
import classes from './app-shell.module.css';

/** From sm: logo to /home, theme toggle, the sync button, the bell and the avatar menu; a burger until the sidebar shows. */
export function AppDesktopHeader({ identity, unread }: { identity: ShellIdentity; unread: number }) {
  const { t } = useTranslation('shell');
  return (
    <header className={classes.desktopHeader} data-shell-part="desktop-header">
      <AppBurgerMenu />
      <Anchor
        component={Link}
        to="/home"
        underline="never"
        c="inherit"
        className={classes.headerLogo}
        aria-label={t('header.homeLink')}
      >
        <BrandMark size={30} />
      </Anchor>
      <div className={classes.spacer} />
      <ThemeToggle />
      <SyncButton />
      <AppNotificationBell unread={unread} />
      <AppAvatarMenu identity={identity} />
    </header>
  );
}
