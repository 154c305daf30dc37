import { Link, useRouterState } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { useUserData } from '../../sync/user-data-context';
import { AppCountBadge } from './app-count-badge';
import { isActiveSection, linkTo, MAIN_SECTIONS } from './app-nav-items';
import classes from './app-shell.module.css';

/**
 * The phone's bottom tab bar: Home, Plan, Gym, Profile. The Profile tab's badge counts pending incoming
 * friend requests (1..9, then 9+). Opening a tab, also the one already open, asks the sync worker to
 * resync, so that page's data (feed, gyms, workouts, profile) is fresh.
 */
export function AppTabBar({ pendingRequests }: { pendingRequests: number }) {
  const { t } = useTranslation('shell');
  const { sync } = useUserData();
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  return (
    <nav className={classes.tabBar} aria-label={t('nav.tabs')} data-shell-part="tab-bar">
      <ul className={classes.tabList}>
        {MAIN_SECTIONS.map((section) => {
          const active = isActiveSection(pathname, section.path);
          const Icon = section.icon;
          const isProfile = section.path === '/profile';
          const label =
            isProfile && pendingRequests > 0
              ? t('nav.profileWithRequests', { count: pendingRequests })
              : t(section.label);
          return (
            <li key={section.path}>
              <Link
                to={linkTo(section.path)}
                className={classes.tab}
                aria-current={active ? 'page' : undefined}
                aria-label={label}
                data-walkthrough={`tab-${section.path.slice(1)}`}
                onClick={() => void sync.syncNow()}
              >
                <span className={classes.tabIcon}>
                  <Icon size={24} stroke={1.75} aria-hidden />
                  {isProfile && <AppCountBadge count={pendingRequests} className={classes.tabBadge} />}
                </span>
                <span aria-hidden>{t(section.label)}</span>
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
