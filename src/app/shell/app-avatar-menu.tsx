import { Menu, Text, UnstyledButton } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MENU_HOVER_GRACE_MS, MENU_HOVER_OPEN_MS } from '@/domain/constants';
import type { ShellIdentity } from './app-identity';
import { AppMenuEntries, type MenuEntryKey } from './app-menu-entries';
import classes from './app-shell.module.css';
import { AppUserAvatar } from './app-user-avatar';

const AVATAR_MENU: readonly MenuEntryKey[] = ['profile', 'addFriend', 'settings', 'plan'];

/**
 * The desktop header's avatar menu: the user's name and level, Profile, Add friend, Settings, Plan and
 * Sign out. Opens on hover after 100 ms and stays 300 ms after the pointer leaves (time to reach the
 * dropdown); a click or Enter/Space opens it at once, and a click-opened menu stays until dismissed.
 */
export function AppAvatarMenu({ identity }: { identity: ShellIdentity }) {
  const { t } = useTranslation('shell');
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
        <AppMenuEntries entries={AVATAR_MENU} />
      </Menu.Dropdown>
    </Menu>
  );
}
