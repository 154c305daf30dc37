// @clock-sensitive: streaks by local day
import { describe, expect, it } from 'vitest';
import {
  decideLoginAnimation,
  localDay,
  loginAnimationDuration,
  loginMessageIndex,
  readLastShownDay,
  streakLabelKey,
  writeLastShownDay,
} from './login-animation';

class MemoryStorage implements Storage {
  private map = new Map<string, string>();
  get length() {
    return this.map.size;
  }
  clear() {
    this.map.clear();
  }
  getItem(key: string) {
    return this.map.get(key) ?? null;
  }
  key(i: number) {
    return [...this.map.keys()][i] ?? null;
  }
  removeItem(key: string) {
    this.map.delete(key);
  }
  setItem(key: string, value: string) {
    this.map.set(key, value);
  }
}

const base = { flag: true, hasProfile: true, streak: 3, lastShownDay: null, today: '2026-11-22' };

describe('decideLoginAnimation', () => {
  it('shows with the flag, a profile and a streak above 0, once per calendar day', () => {
    expect(decideLoginAnimation(base)).toBe('show');
    expect(decideLoginAnimation({ ...base, lastShownDay: '2026-11-22' })).toBe('skip');
    expect(decideLoginAnimation({ ...base, lastShownDay: '2026-11-21' })).toBe('show');
  });

  it('needs the sign-in flag', () => {
    expect(decideLoginAnimation({ ...base, flag: false })).toBe('skip');
  });

  it('waits for the profile, then decides', () => {
    expect(decideLoginAnimation({ ...base, hasProfile: false, streak: undefined })).toBe('wait');
  });

  it('never shows without a streak (0 or missing)', () => {
    expect(decideLoginAnimation({ ...base, streak: 0 })).toBe('skip');
    expect(decideLoginAnimation({ ...base, streak: null })).toBe('skip');
  });
});

describe('message, label, duration', () => {
  it('picks the message by day of year modulo 93', () => {
    expect(loginMessageIndex('2026-01-01')).toBe(1);
    expect(loginMessageIndex('2026-04-02')).toBe(92 % 93); // day 92
    expect(loginMessageIndex('2026-04-03')).toBe(0); // day 93
    expect(loginMessageIndex('2026-11-22')).toBe(326 % 93);
    expect(loginMessageIndex('2024-12-31')).toBe(366 % 93);
  });

  it("says 'day streak' for 1 and 'days streak' otherwise", () => {
    expect(streakLabelKey(1)).toBe('login.dayStreak');
    expect(streakLabelKey(2)).toBe('login.daysStreak');
    expect(streakLabelKey(30)).toBe('login.daysStreak');
  });

  it('lasts 5 s, or 3 s with reduced motion or on touch', () => {
    expect(loginAnimationDuration({ reducedMotion: false, touch: false })).toBe(5000);
    expect(loginAnimationDuration({ reducedMotion: true, touch: false })).toBe(3000);
    expect(loginAnimationDuration({ reducedMotion: false, touch: true })).toBe(3000);
  });

  it('uses the local calendar day', () => {
    expect(localDay(new Date(2026, 10, 22, 23, 59))).toBe('2026-11-22');
    expect(localDay(new Date(2026, 0, 5, 0, 1))).toBe('2026-01-05');
  });
});

describe('last shown record', () => {
  it('is kept per user', () => {
    const storage = new MemoryStorage();
    writeLastShownDay('a', '2026-11-22', storage);
    expect(readLastShownDay('a', storage)).toBe('2026-11-22');
    expect(readLastShownDay('b', storage)).toBeNull();
  });

  it('survives missing storage', () => {
    expect(readLastShownDay('a', null)).toBeNull();
    expect(() => writeLastShownDay('a', '2026-11-22', null)).not.toThrow();
  });
});
