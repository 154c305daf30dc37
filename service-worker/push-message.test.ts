import { describe, expect, it } from 'vitest';
import { pushDisplay, readPushPayload, safeAppPath, showAppBadge, type BadgeApi } from './push-message';

describe('push messages', () => {
  it('shows the server message with its link, tagged by notification id', () => {
    expect(
      pushDisplay({
        id: 'friend_request:1',
        type: 'friend_request_received',
        title: 'Spotter',
        body: 'marco sent you a friend request',
        url: '/profile',
      }),
    ).toEqual({
      title: 'Spotter',
      options: {
        body: 'marco sent you a friend request',
        icon: '/icons/icon-192.png',
        badge: '/icons/icon-192.png',
        tag: 'friend_request:1',
        data: { url: '/profile', id: 'friend_request:1' },
      },
      badge: null,
    });
  });

  it('reads the unread count for the app icon, ignoring anything but a whole number', () => {
    const badgeOf = (badge: unknown) => pushDisplay({ id: 'n', title: 'Spotter', body: 'x', badge }).badge;
    expect(badgeOf(4)).toBe(4);
    expect(badgeOf(0)).toBe(0);
    expect([badgeOf(-1), badgeOf(1.5), badgeOf('3'), badgeOf(undefined)]).toEqual([null, null, null, null]);
  });

  it('sets the app badge, clears it at 0, and keeps quiet where the Badging API is missing or refuses', async () => {
    const calls: string[] = [];
    const api: BadgeApi = {
      setAppBadge: (n) => {
        calls.push(`set ${String(n)}`);
        return Promise.resolve();
      },
      clearAppBadge: () => {
        calls.push('clear');
        return Promise.resolve();
      },
    };
    await showAppBadge(api, 3);
    await showAppBadge(api, 0);
    await showAppBadge(api, null);
    expect(calls).toEqual(['set 3', 'clear']);
    await expect(showAppBadge({}, 2)).resolves.toBeUndefined();
    const refusing: BadgeApi = {
      setAppBadge: () => Promise.reject(new DOMException('no', 'NotAllowedError')),
    };
    await expect(showAppBadge(refusing, 2)).resolves.toBeUndefined();
  });

  it('falls back to the app name and /notifications for a missing or odd payload', () => {
    const shown = pushDisplay(readPushPayload({ json: () => JSON.parse('not json') as unknown }));
    expect(shown.title).toBe('Spotter');
    expect(shown.options.data).toEqual({ url: '/notifications', id: null });
    expect(readPushPayload(null)).toBeNull();
  });

  it('never leads off the app', () => {
    expect(safeAppPath('/schedule')).toBe('/schedule');
    expect(safeAppPath('https://evil.example/')).toBe('/notifications');
    expect(safeAppPath('//evil.example/x')).toBe('/notifications');
    expect(safeAppPath(42)).toBe('/notifications');
  });
});
