import { describe, expect, it } from 'vitest';
import { pushDisplay, readPushPayload, safeAppPath } from './push-message';

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
    });
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
