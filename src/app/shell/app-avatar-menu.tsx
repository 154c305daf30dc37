import { UnstyledButton } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { MENU_HOVER_GRACE_MS, MENU_HOVER_OPEN_MS } from '@/domain/constants';
import type { ShellIdentity } from './app-identity';
import { useLazyMenu } from './app-lazy-menu';
import classes from './app-shell.module.css';
import { UserAvatar } from '@/components/user-avatar';

/**
 * The desktop header's avatar menu: the user's name and level, Profile, Add friend, Settings, Plan and
 * Sign out. Opens on hover after 100 ms and stays 300 ms after the pointer leaves (time to reach the
 * dropdown); a click or Enter/Space opens it at once, and a click-opened menu stays until dismissed.
 * The menu itself loads on demand (app-lazy-menu.tsx); this is its trigger.
 */
export function AppAvatarMenu({ identity }: { identity: ShellIdentity }) {
  const { t } = useTranslation('shell');
  const menu = useLazyMenu({ hover: { openMs: MENU_HOVER_OPEN_MS, closeMs: MENU_HOVER_GRACE_MS } });
  const target = (
    <UnstyledButton
      className={classes.avatarButton}
      aria-label={t('header.accountMenu')}
      // A click or Enter/Space opens at once; only hovering waits the 100 ms.
      {...menu.triggerProps}
    >
      <UserAvatar profile={identity.profile} size={32} />
    </UnstyledButton>
  );
  if (menu.menus === null) return menu.beforeLoad(target);
  return (
    <menu.menus.AvatarMenu
      opened={menu.opened}
      onChange={menu.setOpened}
      dropdownProps={menu.dropdownProps}
      target={target}
      identity={identity}
    />
  );
}
