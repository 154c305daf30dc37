// @clock-sensitive: fake timers
// afterFirstScreen waits for the router to settle, then a frame and an idle moment, and can be cancelled.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { afterFirstScreen, IDLE_TIMEOUT_MS, type RouterLike } from './after-first-screen';

function router(status: 'pending' | 'idle') {
  const listeners = new Set<() => void>();
  const value = {
    state: { status, isLoading: status === 'pending' },
    subscribe: (_event: 'onResolved', listener: () => void) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    resolve() {
      value.state = { status: 'idle', isLoading: false };
      for (const listener of [...listeners]) listener();
    },
    listeners,
  };
  return value satisfies RouterLike;
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'requestAnimationFrame', 'requestIdleCallback'] });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('afterFirstScreen', () => {
  it('runs after a frame and an idle moment when the router is idle', () => {
    const run = vi.fn();
    afterFirstScreen(router('idle'), run);
    expect(run).not.toHaveBeenCalled();
    vi.advanceTimersByTime(IDLE_TIMEOUT_MS + 20);
    expect(run).toHaveBeenCalledTimes(1);
  });

  it('waits for a pending navigation (a lazy chunk) to resolve', () => {
    const run = vi.fn();
    const pending = router('pending');
    afterFirstScreen(pending, run);
    vi.advanceTimersByTime(IDLE_TIMEOUT_MS * 3);
    expect(run).not.toHaveBeenCalled();
    pending.resolve();
    expect(pending.listeners.size).toBe(0);
    vi.advanceTimersByTime(IDLE_TIMEOUT_MS + 20);
    expect(run).toHaveBeenCalledTimes(1);
  });

  it('never runs once cancelled', () => {
    const run = vi.fn();
    const pending = router('pending');
    afterFirstScreen(pending, run)();
    expect(pending.listeners.size).toBe(0);
    const cancel = afterFirstScreen(router('idle'), run);
    cancel();
    vi.advanceTimersByTime(IDLE_TIMEOUT_MS * 3);
    expect(run).not.toHaveBeenCalled();
  });
});
