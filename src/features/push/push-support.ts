/** Whether this browser can receive Web Push, and why not. */
export type PushSupport = 'supported' | 'unsupported' | 'ios-home-screen';

export function pushSupport(win: Window & typeof globalThis = window): PushSupport {
  const nav = win.navigator;
  const hasApis = 'serviceWorker' in nav && 'PushManager' in win && 'Notification' in win;
  if (hasApis) return 'supported';
  // iOS and iPadOS (16.4+) offer Web Push only to an app added to the Home Screen.
  const ios =
    /iPad|iPhone|iPod/.test(nav.userAgent) || (nav.platform === 'MacIntel' && nav.maxTouchPoints > 1);
  const standalone = win.matchMedia('(display-mode: standalone)').matches;
  return ios && !standalone ? 'ios-home-screen' : 'unsupported';
}
