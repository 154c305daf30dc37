// @clock-sensitive: streaks
import { describe, expect, it } from 'vitest';
import { markStreakPopShown, shouldShowStreakPop } from './streak-pop';

function memory(): Storage {
  const map = new Map<string, string>();
  return {
    get length() {
      return map.size;
    },
    clear: () => map.clear(),
    getItem: (k) => map.get(k) ?? null,
    key: (i) => [...map.keys()][i] ?? null,
    removeItem: (k) => void map.delete(k),
    setItem: (k, v) => void map.set(k, v),
  };
}

describe('streak pop', () => {
  it('shows once per browser session while the streak is above 0', () => {
    const session = memory();
    expect(shouldShowStreakPop(0, session)).toBe(false);
    expect(shouldShowStreakPop(undefined, session)).toBe(false);
    expect(shouldShowStreakPop(4, session)).toBe(true);
    markStreakPopShown(session);
    expect(shouldShowStreakPop(4, session)).toBe(false);
    // A new browser session has a fresh session storage.
    expect(shouldShowStreakPop(4, memory())).toBe(true);
  });
});
