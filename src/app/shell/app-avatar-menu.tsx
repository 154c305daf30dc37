import { Menu, Text, UnstyledButton } from '@mantine/core';
import {
  IconCalendarEvent,
  IconLogout,
  IconSettings,
  IconUserCircle,
  IconUserPlus,
} from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MENU_HOVER_GRACE_MS, MENU_HOVER_OPEN_MS } from '@/domain/constants';
import type { ShellIdentity } from './app-identity';
import { ADD_FRIEND_SEARCH, linkTo } from './app-nav-items';
import classes from './app-shell.module.css';
import { AppUserAvatar } from './app-user-avatar';
import { useSignOut } from './app-use-sign-out';

/**
 * The desktop header's avatar menu: the user's name and level, Profile, Add friend, Settings, Plan and
 * Sign out. Opens on hover after 100 ms and stays 300 ms after the pointer leaves (time to reach the
 * dropdown); a click or Enter/Space opens it at once, and a click-opened menu stays until dismissed.
 */
export function AppAvatarMenu({ identity }: { identity: ShellIdentity }) {
  const { t } = useTranslation('shell');
  const { signOut } = useSignOut();
  const [opened, setOpened] = useState(false);
  return (
    <Menu
      opened={opened}
      onChange={setOpened}
      trigger="click-hover"
      openDelay={MENU_HOVER_OPEN_MS}
      closeDelay={MENU_HOVER_GRACE_MS}
      position="bottom-end"
      width={240}
      shadow="md"
      withinPortal
      // Mantine's focus placeholder is a focusable element inside role=menu (axe: aria-required-children).
      withInitialFocusPlaceholder={false}
    >
      <Menu.Target>
        <UnstyledButton
          className={classes.avatarButton}
          aria-label={t('header.accountMenu')}
          // A click or Enter/Space opens at once; only hovering waits the 100 ms.
          onClick={() => setOpened(true)}
        >
          <AppUserAvatar profile={identity.profile} size={32} />
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>
          <Text
            component="span"
            display="block"
            fw={700}
            size="sm"
            c="var(--mantine-color-text)"
            truncate="end"
          >
            {identity.username}
          </Text>
          <Text component="span" display="block" size="xs" c="dimmed">
            {t('progress.levelValue', { level: identity.level })}
          </Text>
        </Menu.Label>
        <Menu.Divider />
        <Menu.Item component={Link} to="/profile" leftSection={<IconUserCircle size={18} aria-hidden />}>
          {t('menu.profile')}
        </Menu.Item>
        <Menu.Item
          renderRoot={(props) => <Link {...props} to="/profile" search={ADD_FRIEND_SEARCH} />}
          leftSection={<IconUserPlus size={18} aria-hidden />}
        >
          {t('menu.addFriend')}
        </Menu.Item>
        <Menu.Item
          component={Link}
          to={linkTo('/settings')}
          leftSection={<IconSettings size={18} aria-hidden />}
        >
          {t('menu.settings')}
        </Menu.Item>
        <Menu.Item
          component={Link}
          to={linkTo('/schedule')}
          leftSection={<IconCalendarEvent size={18} aria-hidden />}
        >
          {t('menu.plan')}
        </Menu.Item>
        <Menu.Divider />
        <Menu.Item leftSection={<IconLogout size={18} aria-hidden />} onClick={() => void signOut()}>
          {t('menu.signOut')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
