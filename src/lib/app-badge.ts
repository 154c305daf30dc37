/**
 * The unread count on the installed app's icon (the Badging API: Chromium's installed apps, Safari 16.4+
 * on the Home Screen). The page keeps it equal to the bell while it runs; the service worker sets it when
 * a push arrives (service-worker/push-message.ts, from the count the server sends). Where the API is
 * missing or refuses (a browser tab, no permission) nothing happens: the badge is a nicety.
 */
import { useEffect } from 'react';

export interface AppBadgeApi {
  setAppBadge?: (contents?: number) => Promise<void>;
  clearAppBadge?: () => Promise<void>;
}

/** Shows `count` on the app icon, 0 clears it; never throws. */
export async function setAppBadge(
  count: number,
  api: AppBadgeApi = globalThis.navigator ?? {},
): Promise<void> {
  try {
    if (count > 0) await api.setAppBadge?.(count);
    else await api.clearAppBadge?.();
  } catch {
    // NotAllowedError and friends: the bell in the app still shows the count.
  }
}

/** Follows `count` (undefined: not known yet, left alone); clears the badge when the caller unmounts (sign-out). */
export function useAppBadge(count: number | undefined, api?: AppBadgeApi): void {
  useEffect(() => {
    if (count !== undefined) void setAppBadge(count, api);
  }, [count, api]);
  useEffect(() => () => void setAppBadge(0, api), [api]);
}
