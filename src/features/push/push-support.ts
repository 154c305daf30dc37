/** Whether this browser can receive Web Push, and why not. */
export type PushSupport = 'supported' | 'unsupported' | 'ios-home-screen';

/** iPhone, iPod or iPad (iPadOS reports itself as a Mac with touch). */
function isIos(nav: Navigator): boolean {
  return /iPad|iPhone|iPod/.test(nav.userAgent) || (nav.platform === 'MacIntel' && nav.maxTouchPoints > 1);
}

/** Opened from the Home Screen (or installed elsewhere): iOS's legacy flag or the display mode. */
function isStandalone(win: Window & typeof globalThis): boolean {
  const legacy = (win.navigator as Navigator & { standalone?: boolean }).standalone === true;
  return legacy || win.matchMedia('(display-mode: standalone)').matches;
}

export function pushSupport(win: Window & typeof globalThis = window): PushSupport {
  // iOS and iPadOS (16.4+) offer Web Push only to an app added to the Home Screen: in a Safari tab the
  // user is told to add it first, whatever the tab exposes (Safari 18.4's declarative push included).
  if (isIos(win.navigator) && !isStandalone(win)) return 'ios-home-screen';
  const nav = win.navigator;
  const hasApis = 'serviceWorker' in nav && 'PushManager' in win && 'Notification' in win;
  return hasApis ? 'supported' : 'unsupported';
}
