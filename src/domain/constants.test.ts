import { describe, it, expect } from 'vitest';
import { BADGE_CAP } from './badge';
import { AVATAR_IDS } from './avatars';
import { DEFAULT_CHALLENGE } from './challenge-date';
import * as c from './constants';

describe('business constants (spec point 9)', () => {
  it('has the account limits', () => {
    expect(c.USERNAME_MAX).toBe(12);
    expect(c.USERNAME_MIN).toBe(3);
    expect(c.PASSWORD_MIN_LENGTH).toBe(8);
    expect(c.HOME_GYMS_MAX).toBe(3);
  });

  it('has the XP awards', () => {
    expect([c.XP_PLAN_WORKOUT, c.XP_REST_DAY, c.XP_FLEX_RECEIVED]).toEqual([5, 10, 5]);
  });

  it('agrees with the modules that own a value', () => {
    expect(c.BADGE_MAX).toBe(BADGE_CAP);
    expect(c.AVATAR_COUNT).toBe(AVATAR_IDS.length);
    expect(c.DEFAULT_CHALLENGE_POINTS).toBe(DEFAULT_CHALLENGE.points);
  });

  it('has the timings', () => {
    expect(c.AUTH_LOADING_TIMEOUT_MS).toBe(8000);
    expect([c.LAZY_LOAD_RETRIES, c.LAZY_LOAD_RETRY_BASE_MS]).toEqual([2, 600]);
    expect([
      c.REALTIME_RECONNECT_BASE_MS,
      c.REALTIME_RECONNECT_MAX_MS,
      c.REALTIME_RECONNECT_MAX_ATTEMPTS,
      c.REALTIME_EVENTS_PER_SECOND,
    ]).toEqual([1000, 30_000, 5, 10]);
    expect([
      c.WALKTHROUGH_START_DELAY_MS,
      c.WALKTHROUGH_ELEMENT_WAIT_MS,
      c.WALKTHROUGH_POLL_MS,
      c.WALKTHROUGH_AUTO_ADVANCE_MS,
      c.WALKTHROUGH_STEPS,
    ]).toEqual([400, 3500, 75, 250, 9]);
    expect([c.TOAST_DEFAULT_MS, c.TOAST_SUCCESS_MS, c.TOAST_ERROR_MS]).toEqual([4000, 3000, 5000]);
    expect([c.LOGIN_ANIMATION_MS, c.LOGIN_ANIMATION_REDUCED_MS, c.LOGIN_ANIMATION_PARTICLES]).toEqual([
      5000, 3000, 8,
    ]);
    expect(c.LOGIN_ANIMATION_MESSAGES).toBe(93);
    expect(c.STREAK_POP_MS).toBe(900);
    expect([c.MENU_HOVER_OPEN_MS, c.MENU_HOVER_GRACE_MS]).toEqual([100, 300]);
    expect([c.DATA_STALE_MS, c.DATA_CACHE_DISCARD_MS, c.STALE_REFRESH_ON_FOCUS_MS]).toEqual([
      300_000, 600_000, 300_000,
    ]);
    expect([c.QUERY_RETRIES, c.MUTATION_RETRIES, c.RETRY_DELAY_BASE_MS, c.RETRY_DELAY_MAX_MS]).toEqual([
      3, 1, 1000, 30_000,
    ]);
  });

  it('has the daily challenge timer', () => {
    expect(c.CHALLENGE_TIMER_SECONDS).toBe(60);
    expect(c.CHALLENGE_TICK_MS).toBe(1000);
    expect(c.CHALLENGE_TICK_MS_SMALL_SCREEN / c.CHALLENGE_SECONDS_PER_TICK_SMALL_SCREEN).toBe(
      c.CHALLENGE_TICK_MS,
    );
    expect(c.SMALL_SCREEN_MAX_WIDTH_PX).toBe(768);
  });

  it('has the friend list paging and the rest', () => {
    expect([c.FRIENDS_PAGE_SIZE, c.FRIENDS_PAGE_OFFSET]).toEqual([20, 0]);
    expect(c.PRIVACY_RESPONSE_DAYS).toBe(30);
    expect(c.APP_VERSION).toBe('v1.0.0');
  });
});
