// Business constants and limits from the spec (point 9, with points 2 to 4 where they add detail).
// One named value each so that code says what a number means; durations are milliseconds unless the name
// says otherwise. Values the spec leaves open are not invented here.
import { USERNAME_MAX, USERNAME_MIN } from './identity';

/** Sent as X-Client-Info on every call to the backend, by the page and the sync worker (spec point 7). */
export const CLIENT_INFO = 'spotter-web/1.0.0';

// ---- Accounts and validation ----
/** Usernames: at most 12 characters (code points); registration variant B asks for at least 3. */
export { USERNAME_MAX, USERNAME_MIN };
/** Passwords: at least 8 characters. */
export const PASSWORD_MIN_LENGTH = 8;

// ---- XP (awarded by the server through the ledger; the client only shows them) ----
/** Planning a workout: +5 XP, at most once per scheduled date. */
export const XP_PLAN_WORKOUT = 5;
/** Confirming a rest day: +10 XP, once per date. */
export const XP_REST_DAY = 10;
/** A flex (encouragement) on an activity: +5 XP to the recipient, once per sender and activity. */
export const XP_FLEX_RECEIVED = 5;

// ---- Gyms and social ----
/** Home gyms a user may choose. */
export const HOME_GYMS_MAX = 3;
/** list_user_friends_with_status page size and first offset. */
export const FRIENDS_PAGE_SIZE = 20;
export const FRIENDS_PAGE_OFFSET = 0;

// ---- Daily challenge ----
/** The default plank challenge: 15 points, a 60-second timer. */
export const DEFAULT_CHALLENGE_POINTS = 15;
export const CHALLENGE_TIMER_SECONDS = 60;
/** The timer ticks once a second; on screens of 768 px or less it advances 2 every 2 seconds. */
export const CHALLENGE_TICK_MS = 1000;
export const CHALLENGE_TICK_MS_SMALL_SCREEN = 2000;
export const CHALLENGE_SECONDS_PER_TICK_SMALL_SCREEN = 2;
export const SMALL_SCREEN_MAX_WIDTH_PX = 768;

// ---- Badges and avatars ----
/** Count badges show 1..9, then "9+" (badge.ts uses the same cap). */
export const BADGE_MAX = 9;
/** Built-in avatars avatar1..avatar9. */
export const AVATAR_COUNT = 9;

// ---- Session and loading ----
/** After this long on the verifying-session screen, the connection-timeout message appears. */
export const AUTH_LOADING_TIMEOUT_MS = 8000;
/** A lazily loaded page that fails is retried twice with growing delay (600 ms, then 1200 ms). */
export const LAZY_LOAD_RETRIES = 2;
export const LAZY_LOAD_RETRY_BASE_MS = 600;

// ---- Realtime ----
/** Reconnect back-off: 1 s, doubling, capped at 30 s, at most 5 attempts (reset on a good subscribe). */
export const REALTIME_RECONNECT_BASE_MS = 1000;
export const REALTIME_RECONNECT_MAX_MS = 30_000;
export const REALTIME_RECONNECT_MAX_ATTEMPTS = 5;
/** After a request got no answer while online: try again after 2 s, doubling up to 30 s (domain/backoff.ts). */
export const NETWORK_RETRY_BASE_MS = 2_000;
export const NETWORK_RETRY_MAX_MS = 30_000;
export const REALTIME_EVENTS_PER_SECOND = 10;
/**
 * A server's Retry-After (429, 503) is honoured up to this long: a longer one (or a date far ahead) is
 * more likely a misconfigured proxy than a plan, and the user's writes should not wait for it.
 */
export const RETRY_AFTER_MAX_MS = 120_000;

// ---- Data freshness (the data client) ----
/** Cached data counts as fresh for 5 minutes; on window focus, anything older is refreshed. */
export const DATA_STALE_MS = 5 * 60_000;
export const STALE_REFRESH_ON_FOCUS_MS = 5 * 60_000;
/** Unused cache entries are discarded after 10 minutes. */
export const DATA_CACHE_DISCARD_MS = 10 * 60_000;
/** Failed queries retry up to 3 times (never on HTTP 400-499); failed mutations once. */
export const QUERY_RETRIES = 3;
export const MUTATION_RETRIES = 1;
/** Retry delay doubles from 1 s up to 30 s. */
export const RETRY_DELAY_BASE_MS = 1000;
export const RETRY_DELAY_MAX_MS = 30_000;

// ---- Menus ----
export const MENU_HOVER_OPEN_MS = 100;
export const MENU_HOVER_GRACE_MS = 300;

// ---- Walkthrough (shown once per user) ----
export const WALKTHROUGH_STEPS = 9;
export const WALKTHROUGH_START_DELAY_MS = 400;
export const WALKTHROUGH_ELEMENT_WAIT_MS = 3500;
export const WALKTHROUGH_POLL_MS = 75;
export const WALKTHROUGH_AUTO_ADVANCE_MS = 250;
/** Version suffix of the local record and the user-metadata flag `walkthrough_done_v1`. */
export const WALKTHROUGH_VERSION = 'v1';

// ---- Celebrations ----
/** The "+1" streak pop: 900 ms, once per browser session, only when the streak is above 0. */
export const STREAK_POP_MS = 900;
/** Login animation: once per calendar day, only with a streak above 0. */
export const LOGIN_ANIMATION_MS = 5000;
export const LOGIN_ANIMATION_REDUCED_MS = 3000;
/** A tap or click skips it; the exit then takes about 0.3 s. */
export const LOGIN_ANIMATION_SKIP_MS = 300;
export const LOGIN_ANIMATION_PARTICLES = 8;
/** Motivational messages, chosen by day of year modulo this count. */
export const LOGIN_ANIMATION_MESSAGES = 93;

// ---- Toasts (src/lib/feedback/toast.ts; placement in src/app/toast-host.tsx) ----
export const TOAST_DEFAULT_MS = 4000;
export const TOAST_SUCCESS_MS = 3000;
/**
 * The spec's 5 s for error toasts, no longer used: error toasts stay until closed (WCAG 2.2.1, issue 18,
 * docs/decisions.md "Toasts").
 */
export const TOAST_ERROR_MS = 5000;

// ---- Other ----
/** Privacy requests are answered within 30 days (privacy page). */
export const PRIVACY_RESPONSE_DAYS = 30;
/** The version shown in the app. */
export const APP_VERSION = 'v1.0.0';
