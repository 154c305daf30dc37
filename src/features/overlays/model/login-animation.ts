// The login animation's rules (spec point 2, constants in point 9): when it shows, which message, how long.
// Pure functions plus the per-user "last shown" day record in local storage.
import { LOGIN_ANIMATION_MESSAGES, LOGIN_ANIMATION_MS, LOGIN_ANIMATION_REDUCED_MS } from '@/domain/constants';
import { dayOfYear } from '@/domain/dates';

export interface LoginAnimationInput {
  /** The flag set at sign-in (src/lib/login-animation-flag.ts). */
  flag: boolean;
  /** The own profile row is loaded (null/undefined while it is not). */
  hasProfile: boolean;
  /** current_streak of the profile, 0 when missing. */
  streak: number | null | undefined;
  /** The calendar day (local) it last showed for this user, or null. */
  lastShownDay: string | null;
  /** Today, local calendar day YYYY-MM-DD. */
  today: string;
}

export type LoginAnimationDecision =
  /** Keep the flag: the profile is not there yet. */
  | 'wait'
  /** Drop the flag without showing (no streak, or already shown today). */
  | 'skip'
  | 'show';

export function decideLoginAnimation(input: LoginAnimationInput): LoginAnimationDecision {
  if (!input.flag) return 'skip';
  if (!input.hasProfile) return 'wait';
  if ((input.streak ?? 0) <= 0) return 'skip';
  if (input.lastShownDay === input.today) return 'skip';
  return 'show';
}

/** Index of the day's message: day of year modulo 93 (so 1 January is message 1). */
export function loginMessageIndex(day: string): number {
  return dayOfYear(day) % LOGIN_ANIMATION_MESSAGES;
}

/** 'day streak' for exactly one day, 'days streak' otherwise. */
export function streakLabelKey(streak: number): 'login.dayStreak' | 'login.daysStreak' {
  return streak === 1 ? 'login.dayStreak' : 'login.daysStreak';
}

/** 5 s, or 3 s in the reduced variant (reduced motion or a touch device). */
export function loginAnimationDuration(options: { reducedMotion: boolean; touch: boolean }): number {
  return options.reducedMotion || options.touch ? LOGIN_ANIMATION_REDUCED_MS : LOGIN_ANIMATION_MS;
}

/** The local calendar day of `now` (the user's device zone: "calendar day" as the person lives it). */
export function localDay(now: Date): string {
  const y = now.getFullYear();
  const m = String(now.getMonth() + 1).padStart(2, '0');
  const d = String(now.getDate()).padStart(2, '0');
  return `${y}-${m}-${d}`;
}

const lastShownKey = (userId: string) => `spotter.login-animation.last-shown.${userId}`;

export function readLastShownDay(
  userId: string,
  storage: Storage | null = safeLocalStorage(),
): string | null {
  try {
    return storage?.getItem(lastShownKey(userId)) ?? null;
  } catch {
    return null;
  }
}

export function writeLastShownDay(
  userId: string,
  day: string,
  storage: Storage | null = safeLocalStorage(),
): void {
  try {
    storage?.setItem(lastShownKey(userId), day);
  } catch {
    // storage unavailable: it may show again today, which is harmless
  }
}

function safeLocalStorage(): Storage | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null;
  }
}
