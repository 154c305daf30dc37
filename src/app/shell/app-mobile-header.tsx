import { VisuallyHidden } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { BrandIcon } from '@/components/brand-mark';
import { SyncButton } from '@/features/sync-panel/components/sync-button';
import type { ShellIdentity } from './app-identity';
import { AppMobileMenu } from './app-mobile-menu';
import { AppNotificationBell } from './app-notification-bell';
import classes from './app-shell.module.css';
import { AppStreak } from './app-streak';

/** Below sm: logo, the (truncated) username, level, streak, the sync button, the bell and the avatar dropdown. */
export function AppMobileHeader({ identity, unread }: { identity: ShellIdentity; unread: number }) {
  const { t } = useTranslation('shell');
  return (
    <header className={classes.mobileHeader} data-shell-part="mobile-header">
      <Link to="/home" className={classes.brandLink} aria-label={t('header.homeLink')}>
        <BrandIcon size={30} />
      </Link>
      <span className={classes.mobileName} title={identity.handle ?? identity.username}>
        {identity.username}
      </span>
      <span className={classes.streak} title={t('progress.levelValue', { level: identity.level })}>
        <span aria-hidden>{t('progress.levelShort', { level: identity.level })}</span>
        <VisuallyHidden>{t('progress.levelValue', { level: identity.level })}</VisuallyHidden>
      </span>
      <AppStreak days={identity.streak} />
      <SyncButton />
      <AppNotificationBell unread={unread} />
      <AppMobileMenu identity={identity} />
    </header>
  );
}
