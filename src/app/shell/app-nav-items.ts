// The signed-in app's destinations (spec point 2, "App shell"): the four main sections shared by the
// sidebar, the bottom tab bar and the burger menu, and the other places the menus link to.
import { IconBarbell, IconCalendarEvent, IconHome2, IconUserCircle, type Icon } from '@tabler/icons-react';
import type { LinkProps } from '@tanstack/react-router';

export type ShellPath = '/home' | '/schedule' | '/gym' | '/profile' | '/notifications' | '/settings';

/**
 * A shell path as a router `to`. /schedule, /gym, /notifications and /settings are registered by their own
 * route modules; going through `string` keeps this list compiling while a route is still on its way, and
 * `app-nav-items.test.tsx` checks every path against the real route tree.
 */
export const linkTo = (path: ShellPath): NonNullable<LinkProps['to']> =>
  path as string as NonNullable<LinkProps['to']>;

/** Translation keys of the `shell` namespace. */
export type MainSectionLabel = 'nav.home' | 'nav.plan' | 'nav.gym' | 'nav.profile';

export interface MainSection {
  path: ShellPath;
  label: MainSectionLabel;
  icon: Icon;
}

/** Home, Plan, Gym, Profile: the sidebar's entries and the mobile tab bar's tabs, in this order. */
export const MAIN_SECTIONS: readonly MainSection[] = [
  { path: '/home', label: 'nav.home', icon: IconHome2 },
  { path: '/schedule', label: 'nav.plan', icon: IconCalendarEvent },
  { path: '/gym', label: 'nav.gym', icon: IconBarbell },
  { path: '/profile', label: 'nav.profile', icon: IconUserCircle },
];

/** The add-friend entry opens /profile with the dialog (spec: the query flag addFriend=1). */
export const ADD_FRIEND_SEARCH = { addFriend: 1 } as const;

/** Whether `pathname` is inside `section` (a section's sub-paths keep its entry highlighted). */
export function isActiveSection(pathname: string, section: ShellPath): boolean {
  return pathname === section || pathname.startsWith(`${section}/`);
}
