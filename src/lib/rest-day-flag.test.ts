// @clock-sensitive: today
// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { purgeStaleRestDayFlags, readRestDayFlag, storeRestDayFlag } from './rest-day-flag';

afterEach(() => {
  localStorage.clear();
  vi.restoreAllMocks();
});

describe('the local rest-day record', () => {
  it('stores today’s confirmation under the spec’s two keys', () => {
    expect(storeRestDayFlag('u1', '2026-11-22', new Date(1000))).toBe(true);
    expect(JSON.parse(localStorage.getItem('rest_day_confirmed_u1') ?? '')).toEqual({
      isConfirmed: true,
      date: '2026-11-22',
      timestamp: 1000,
    });
    expect(localStorage.getItem('rest_day_date_u1')).toBe('2026-11-22');
    expect(readRestDayFlag('u1', '2026-11-22')).toMatchObject({ isConfirmed: true });
  });

  it('reads a record of another day as unset and deletes it', () => {
    storeRestDayFlag('u1', '2026-11-21');
    expect(readRestDayFlag('u1', '2026-11-22')).toBeNull();
    expect(localStorage.getItem('rest_day_confirmed_u1')).toBeNull();
    expect(localStorage.getItem('rest_day_date_u1')).toBeNull();
  });

  it('purges every user’s records not dated today at start-up', () => {
    storeRestDayFlag('old', '2026-11-20');
    storeRestDayFlag('today', '2026-11-22');
    localStorage.setItem('rest_day_date_orphan', '2026-11-01');
    localStorage.setItem('unrelated', 'x');
    expect(purgeStaleRestDayFlags('2026-11-22')).toBe(2);
    expect(Object.keys(localStorage).sort()).toEqual([
      'rest_day_confirmed_today',
      'rest_day_date_today',
      'unrelated',
    ]);
  });

  it('skips storing when local storage is unavailable', () => {
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('quota', 'QuotaExceededError');
    });
    expect(storeRestDayFlag('u1', '2026-11-22')).toBe(false);
    expect(readRestDayFlag('u1', '2026-11-22')).toBeNull();
    expect(purgeStaleRestDayFlags('2026-11-22')).toBe(0);
  });
});
