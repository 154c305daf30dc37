/**
 * The quick local rest-day record (spec point 3 and 4): per user, in localStorage, under
 * `rest_day_confirmed_<user>` (the record `{ isConfirmed, date, timestamp }`) and `rest_day_date_<user>`
 * (its ISO day). The synced `rest_days` row is the truth; this flag only lets today's state show before
 * the first local query answers (and on the home screen at start-up). Rules: a record is valid only for
 * today (read with another date: deleted and treated as unset); records dated other than today are
 * purged at start-up; when localStorage is unavailable (private mode, quota, disabled) storing is
 * skipped silently. Owns nothing else.
 */

const CONFIRMED_PREFIX = 'rest_day_confirmed_';
const DATE_PREFIX = 'rest_day_date_';

export interface RestDayRecord {
  isConfirmed: boolean;
  date: string;
  timestamp: number;
}

function storage(): Storage | null {
  try {
    const s = globalThis.localStorage;
    // Touching the storage throws in some private modes; probe once per call.
    const probe = '__spotter_probe__';
    s.setItem(probe, '1');
    s.removeItem(probe);
    return s;
  } catch {
    return null;
  }
}

function parse(raw: string | null): RestDayRecord | null {
  if (raw === null) return null;
  try {
    const value = JSON.parse(raw) as Partial<RestDayRecord>;
    if (typeof value.isConfirmed !== 'boolean' || typeof value.date !== 'string') return null;
    return {
      isConfirmed: value.isConfirmed,
      date: value.date,
      timestamp: typeof value.timestamp === 'number' ? value.timestamp : 0,
    };
  } catch {
    return null;
  }
}

function remove(s: Storage, userId: string): void {
  s.removeItem(CONFIRMED_PREFIX + userId);
  s.removeItem(DATE_PREFIX + userId);
}

/** Stores today's confirmation; skipped when localStorage is unavailable. Returns whether it stored. */
export function storeRestDayFlag(userId: string, today: string, now: Date = new Date()): boolean {
  const s = storage();
  if (!s) return false;
  const record: RestDayRecord = { isConfirmed: true, date: today, timestamp: now.getTime() };
  try {
    s.setItem(CONFIRMED_PREFIX + userId, JSON.stringify(record));
    s.setItem(DATE_PREFIX + userId, today);
    return true;
  } catch {
    return false;
  }
}

/** Today's record of `userId`, or null; a record of another day is deleted on the way. */
export function readRestDayFlag(userId: string, today: string): RestDayRecord | null {
  const s = storage();
  if (!s) return null;
  const record = parse(s.getItem(CONFIRMED_PREFIX + userId));
  const date = s.getItem(DATE_PREFIX + userId) ?? record?.date ?? null;
  if (record === null || date !== today || record.date !== today) {
    if (record !== null || date !== null) remove(s, userId);
    return null;
  }
  return record;
}

/** Start-up: deletes every user's records dated other than `today`. Returns how many users it purged. */
export function purgeStaleRestDayFlags(today: string): number {
  const s = storage();
  if (!s) return 0;
  const users = new Set<string>();
  for (let i = 0; i < s.length; i += 1) {
    const key = s.key(i);
    if (key?.startsWith(CONFIRMED_PREFIX)) users.add(key.slice(CONFIRMED_PREFIX.length));
    else if (key?.startsWith(DATE_PREFIX)) users.add(key.slice(DATE_PREFIX.length));
  }
  let purged = 0;
  for (const userId of users) {
    const record = parse(s.getItem(CONFIRMED_PREFIX + userId));
    const date = s.getItem(DATE_PREFIX + userId);
    if (record === null || record.date !== today || date !== today) {
      remove(s, userId);
      purged += 1;
    }
  }
  return purged;
}
