import { Group, Menu, Stack, Text, UnstyledButton } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ShellIdentity } from './app-identity';
import { AppMenuEntries, type MenuEntryKey } from './app-menu-entries';
import classes from './app-shell.module.css';
import { AppStreak } from './app-streak';
import { AppThemeMenuItem } from './app-theme-menu-item';
import { AppUserAvatar } from './app-user-avatar';

const MOBILE_MENU: readonly MenuEntryKey[] = [
  'profile',
  'addFriend',
  'schedule',
  'gym',
  'settings',
  'notifications',
];

/**
 * The phone header's avatar dropdown: name, product ID, level, streak and the theme toggle, then Profile,
 * Add friend, Schedule, Gym, Settings, Notifications and Sign out. Opens on tap (no hover on touch).
 */
export function AppMobileMenu({ identity }: { identity: ShellIdentity }) {
  const { t } = useTranslation('shell');
  return (
    <Menu position="bottom-end" width={260} shadow="md" withinPortal withInitialFocusPlaceholder={false}>
      <Menu.Target>
        <UnstyledButton className={classes.avatarButton} aria-label={t('header.accountMenu')}>
          <AppUserAvatar profile={identity.profile} size={32} />
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        {/* The menu may only hold items: the user's details sit in a label, the theme toggle is an item. */}
        <Menu.Label>
          <Stack gap={2} miw={0} component="span">
            <Text component="span" fw={700} size="sm" c="var(--mantine-color-text)" truncate="end">
              {identity.username}
            </Text>
            {identity.handle !== null && (
              <Text component="span" size="xs" c="dimmed" truncate="end">
                {identity.handle}
              </Text>
            )}
            <Group gap="xs" wrap="nowrap" component="span">
              <Text component="span" size="xs" fw={600} c="var(--mantine-color-text)">
                {t('progress.levelValue', { level: identity.level })}
              </Text>
              <AppStreak days={identity.streak} />
            </Group>
          </Stack>
        </Menu.Label>
        <AppThemeMenuItem />
        <Menu.Divider />
        <AppMenuEntries entries={MOBILE_MENU} />
      </Menu.Dropdown>
    </Menu>
  );
}
