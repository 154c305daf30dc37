import { UnstyledButton } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { MENU_HOVER_OPEN_MS } from '@/domain/constants';
import type { ShellIdentity } from './app-identity';
import { useLazyMenu } from './app-lazy-menu';
import classes from './app-shell.module.css';
import { AppUserAvatar } from './app-user-avatar';

/**
 * The desktop header's avatar menu: the user's name and level, Profile, Add friend, Settings, Plan and
 * Sign out. Opens on hover after 100 ms and stays 300 ms after the pointer leaves (time to reach the
 * dropdown); a click or Enter/Space opens it at once, and a click-opened menu stays until dismissed.
 * The menu itself loads on demand (app-lazy-menu.tsx); this is its trigger.
 */
export function AppAvatarMenu({ identity }: { identity: ShellIdentity }) {
  const { t } = useTranslation('shell');
  const menu = useLazyMenu({ hoverOpenMs: MENU_HOVER_OPEN_MS });
  const target = (
    <UnstyledButton
      className={classes.avatarButton}
      aria-label={t('header.accountMenu')}
      {...menu.triggerProps}
      // A click or Enter/Space opens at once; only hovering waits the 100 ms.
      onClick={(event) => {
        menu.triggerProps.onClick(event);
        menu.setOpened(true);
      }}
    >
      <AppUserAvatar profile={identity.profile} size={32} />
    </UnstyledButton>
  );
  if (menu.menus === null) return menu.beforeLoad(target);
  return (
    <menu.menus.AvatarMenu
      opened={menu.opened}
      onChange={menu.setOpened}
      clickOpened={menu.clickOpened}
      target={target}
      identity={identity}
    />
  );
}
