// The shell's menus themselves (Mantine Menu with its popover, focus handling and floating-ui positioning).
// Loaded on demand through app-menus-part.ts: the first signed-in screen shows only their triggers.
import { Group, Menu, Stack, Text } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import type { ShellIdentity } from './app-identity';
import { AppMenuEntries, type MenuEntryKey } from './app-menu-entries';
import { linkTo, MAIN_SECTIONS } from './app-nav-items';
import { AppStreak } from './app-streak';
import { AppThemeMenuItem } from './app-theme-menu-item';

export interface LoadedMenuProps {
  opened: boolean;
  onChange: (opened: boolean) => void;
  /** The trigger button, rendered by the caller (the same element before and after loading). */
  target: ReactElement;
}

const AVATAR_MENU: readonly MenuEntryKey[] = ['profile', 'addFriend', 'settings', 'plan'];

export function AvatarMenu({
  opened,
  onChange,
  target,
  identity,
  dropdownProps,
}: LoadedMenuProps & {
  identity: ShellIdentity;
  dropdownProps: { onMouseEnter: () => void; onMouseLeave: () => void };
}) {
  const { t } = useTranslation('shell');
  return (
    <Menu
      opened={opened}
      onChange={onChange}
      // Hover timing (100 ms to open, 300 ms grace) is the trigger's (useLazyMenu), before and after this
      // code loads; the menu itself opens on click and closes on Escape, outside clicks and item clicks.
      trigger="click"
      position="bottom-end"
      width={240}
      shadow="md"
      withinPortal
      // Mantine's focus placeholder is a focusable element inside role=menu (axe: aria-required-children).
      withInitialFocusPlaceholder={false}
    >
      <Menu.Target>{target}</Menu.Target>
      <Menu.Dropdown {...dropdownProps}>
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

const MOBILE_MENU: readonly MenuEntryKey[] = [
  'profile',
  'addFriend',
  'schedule',
  'gym',
  'settings',
  'notifications',
];

export function MobileMenu({
  opened,
  onChange,
  target,
  identity,
}: LoadedMenuProps & { identity: ShellIdentity }) {
  const { t } = useTranslation('shell');
  return (
    <Menu
      opened={opened}
      onChange={onChange}
      position="bottom-end"
      width={260}
      shadow="md"
      withinPortal
      withInitialFocusPlaceholder={false}
    >
      <Menu.Target>{target}</Menu.Target>
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

// Spec: on small screens (here: below md, where the sidebar is hidden) a burger lists Home, Schedule, Gym.
const BURGER_SECTIONS = MAIN_SECTIONS.filter((section) => section.path !== '/profile');

export function BurgerMenu({ opened, onChange, target }: LoadedMenuProps) {
  const { t } = useTranslation('shell');
  return (
    <Menu
      opened={opened}
      onChange={onChange}
      position="bottom-start"
      width={200}
      shadow="md"
      withInitialFocusPlaceholder={false}
    >
      <Menu.Target>{target}</Menu.Target>
      <Menu.Dropdown>
        {BURGER_SECTIONS.map((section) => {
          const Icon = section.icon;
          return (
            <Menu.Item
              key={section.path}
              component={Link}
              to={linkTo(section.path)}
              leftSection={<Icon size={18} aria-hidden />}
            >
              {t(section.path === '/schedule' ? 'nav.schedule' : section.label)}
            </Menu.Item>
          );
        })}
      </Menu.Dropdown>
    </Menu>
  );
}
