// The 9 walkthrough steps of spec point 2. Targets are `[data-walkthrough="..."]` attributes the pages
// put on their elements; the three "tap the tab" steps target the navigation link to the next route (the
// desktop sidebar entry or the mobile tab, whichever is visible) and wait for the user to use it.

export interface WalkthroughStep {
  id: string;
  /** The route the target lives on; showing the step navigates there first (Back across pages). */
  route: string;
  /** CSS selector of the target element. */
  target: string;
  /** Interaction step: no Next; advances once this route is reached. */
  awaitRoute?: string;
}

const marker = (name: string) => `[data-walkthrough="${name}"]`;
const navLink = (path: string) => `a[href="${path}"]`;

export const WALKTHROUGH_STEP_LIST: readonly WalkthroughStep[] = [
  { id: 'homeDailyCard', route: '/home', target: marker('home-daily-card') },
  { id: 'homeFeed', route: '/home', target: marker('home-feed') },
  { id: 'planTab', route: '/home', target: navLink('/schedule'), awaitRoute: '/schedule' },
  { id: 'planAddButton', route: '/schedule', target: marker('plan-add-button') },
  { id: 'planDayView', route: '/schedule', target: marker('plan-day-view') },
  { id: 'gymTab', route: '/schedule', target: navLink('/gym'), awaitRoute: '/gym' },
  { id: 'gymPresence', route: '/gym', target: marker('gym-presence') },
  { id: 'profileTab', route: '/gym', target: navLink('/profile'), awaitRoute: '/profile' },
  { id: 'profileActions', route: '/profile', target: marker('profile-actions') },
];
