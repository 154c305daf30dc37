import { Menu } from '@mantine/core';
import {
  IconBarbell,
  IconBell,
  IconCalendarEvent,
  IconLogout,
  IconSettings,
  IconUserCircle,
  IconUserPlus,
  type Icon,
} from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { ADD_FRIEND_SEARCH, linkTo, type ShellPath } from './app-nav-items';
import { useSignOut } from './app-use-sign-out';

/** Translation keys of the `shell` namespace. */
type MenuLabel =
  | 'menu.profile'
  | 'menu.addFriend'
  | 'menu.plan'
  | 'menu.schedule'
  | 'menu.gym'
  | 'menu.settings'
  | 'menu.notifications';

interface MenuEntry {
  path: ShellPath;
  /** Query flags the link carries (add friend opens /profile with its dialog). */
  search?: typeof ADD_FRIEND_SEARCH;
  icon: Icon;
  label: MenuLabel;
}

/** The places the avatar menus link to; each menu lists the ones the spec gives it, in its order. */
const MENU_ENTRIES = {
  profile: { path: '/profile', icon: IconUserCircle, label: 'menu.profile' },
  addFriend: { path: '/profile', search: ADD_FRIEND_SEARCH, icon: IconUserPlus, label: 'menu.addFriend' },
  plan: { path: '/schedule', icon: IconCalendarEvent, label: 'menu.plan' },
  schedule: { path: '/schedule', icon: IconCalendarEvent, label: 'menu.schedule' },
  gym: { path: '/gym', icon: IconBarbell, label: 'menu.gym' },
  settings: { path: '/settings', icon: IconSettings, label: 'menu.settings' },
  notifications: { path: '/notifications', icon: IconBell, label: 'menu.notifications' },
} as const satisfies Record<string, MenuEntry>;

export type MenuEntryKey = keyof typeof MENU_ENTRIES;

/** Menu items for `entries`, then a divider and Sign out (which returns to /). */
export function AppMenuEntries({ entries }: { entries: readonly MenuEntryKey[] }) {
  const { t } = useTranslation('shell');
  const { signOut } = useSignOut();
  return (
    <>
      {entries.map((key) => {
        const entry: MenuEntry = MENU_ENTRIES[key];
        const { search, icon: EntryIcon } = entry;
        return (
          <Menu.Item
            key={key}
            renderRoot={(props) => <Link {...props} to={linkTo(entry.path)} search={search} />}
            leftSection={<EntryIcon size={18} aria-hidden />}
          >
            {t(entry.label)}
          </Menu.Item>
        );
      })}
      <Menu.Divider />
      <Menu.Item leftSection={<IconLogout size={18} aria-hidden />} onClick={() => void signOut()}>
        {t('menu.signOut')}
      </Menu.Item>
    </>
  );
}
