import { renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { setAppBadge, useAppBadge, type AppBadgeApi } from './app-badge';

function recorder(): { api: AppBadgeApi; calls: string[] } {
  const calls: string[] = [];
  return {
    calls,
    api: {
      setAppBadge: (n) => {
        calls.push(`set ${String(n)}`);
        return Promise.resolve();
      },
      clearAppBadge: () => {
        calls.push('clear');
        return Promise.resolve();
      },
    },
  };
}

describe('app badge', () => {
  it('follows the unread count, clears at 0 and when the shell goes (sign-out)', () => {
    const { api, calls } = recorder();
    const { rerender, unmount } = renderHook(({ count }) => useAppBadge(count, api), {
      initialProps: { count: undefined as number | undefined },
    });
    expect(calls).toEqual([]);
    rerender({ count: 2 });
    rerender({ count: 5 });
    rerender({ count: 0 });
    unmount();
    expect(calls).toEqual(['set 2', 'set 5', 'clear', 'clear']);
  });

  it('does nothing where the Badging API is missing, and swallows a refusal', async () => {
    await expect(setAppBadge(3, {})).resolves.toBeUndefined();
    const refusing: AppBadgeApi = {
      setAppBadge: () => Promise.reject(new DOMException('no', 'NotAllowedError')),
    };
    await expect(setAppBadge(3, refusing)).resolves.toBeUndefined();
  });
});
