import { UnstyledButton } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ShellIdentity } from './app-identity';
import { useLazyMenu } from './app-lazy-menu';
import classes from './app-shell.module.css';
import { UserAvatar } from '@/components/user-avatar';

/**
 * The phone header's avatar dropdown: name, product ID, level, streak and the theme toggle, then Profile,
 * Add friend, Schedule, Gym, Settings, Notifications and Sign out. Opens on tap (no hover on touch).
 * The menu itself loads on demand (app-lazy-menu.tsx); this is its trigger.
 */
export function AppMobileMenu({ identity }: { identity: ShellIdentity }) {
  const { t } = useTranslation('shell');
  const menu = useLazyMenu();
  const target = (
    <UnstyledButton
      className={classes.avatarButton}
      aria-label={t('header.accountMenu')}
      {...menu.triggerProps}
    >
      <UserAvatar profile={identity.profile} size={32} />
    </UnstyledButton>
  );
  if (menu.menus === null) return menu.beforeLoad(target);
  return (
    <menu.menus.MobileMenu
      opened={menu.opened}
      onChange={menu.setOpened}
      target={target}
      identity={identity}
    />
  );
}
