import { Button, Text } from '@mantine/core';
import { IconLogout } from '@tabler/icons-react';
import { Link, useRouterState } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { BrandMark } from '@/components/brand-mark';
import type { ShellIdentity } from './app-identity';
import { isActiveSection, linkTo, MAIN_SECTIONS } from './app-nav-items';
import classes from './app-shell.module.css';
import { UserAvatar } from '@/components/user-avatar';
import { useSignOut } from './app-use-sign-out';

/**
 * The desktop sidebar (from md, only once the profile exists): brand, the user (avatar, product ID, level),
 * Home, Plan, Gym, Profile with the current one highlighted, and Sign out.
 */
export function AppSidebar({ identity }: { identity: ShellIdentity }) {
  const { t } = useTranslation('shell');
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  const { signOut, busy } = useSignOut();
  return (
    <aside className={classes.sidebar} data-shell-part="sidebar">
      <Link to="/home" className={classes.brandLink} aria-label={t('header.homeLink')}>
        <BrandMark size={32} />
      </Link>
      <div className={classes.identity}>
        <UserAvatar profile={identity.profile} size={40} />
        <div className={classes.identityText}>
          <Text fw={700} size="sm" truncate="end">
            {identity.handle ?? identity.username}
          </Text>
          <Text size="xs" c="dimmed">
            {t('progress.levelValue', { level: identity.level })}
          </Text>
        </div>
      </div>
      <nav aria-label={t('nav.primary')}>
        <ul className={classes.navList}>
          {MAIN_SECTIONS.map((section) => {
            const active = isActiveSection(pathname, section.path);
            const Icon = section.icon;
            return (
              <li key={section.path}>
                <Link
                  to={linkTo(section.path)}
                  className={classes.navLink}
                  aria-current={active ? 'page' : undefined}
                  data-walkthrough={`sidebar-${section.path.slice(1)}`}
                >
                  <Icon size={20} stroke={1.75} aria-hidden />
                  {t(section.label)}
                </Link>
              </li>
            );
          })}
        </ul>
      </nav>
      <div className={classes.sidebarFooter}>
        <Button
          variant="subtle"
          color="gray"
          fullWidth
          justify="flex-start"
          leftSection={<IconLogout size={18} aria-hidden />}
          loading={busy}
          onClick={() => void signOut()}
        >
          {t('menu.signOut')}
        </Button>
      </div>
    </aside>
  );
}
