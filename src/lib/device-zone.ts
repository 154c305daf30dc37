/**
 * The profile's zone follows the device (docs/decisions.md, "Streak rules: record, no backfilling,
 * travel"): when this device's IANA zone differs from the own profile's `timezone`, the profile is updated
 * through the own-profile command (an optimistic local patch plus one `update` intent, so it works offline
 * and reaches the server once; the server then moves the streak's day).
 *
 * When it checks:
 * - once the own profile is in the local database (sign-in, page start);
 * - when the page regains focus or becomes visible: the device the user is looking at decides;
 * - every minute, but only if the device's zone changed since the last check (a phone landing in another
 *   zone). The timer never rewrites a zone it has already seen, so two open devices in different zones do
 *   not take turns overwriting the profile in the background.
 */
import { filter, first } from 'rxjs';
import type { CommandContext } from '@/db/commands/context';
import { isValidTimeZone } from '@/domain/dates';

export const ZONE_CHECK_INTERVAL_MS = 60_000;

/** This device's IANA zone, or null when the runtime reports none Intl can use. */
export function deviceTimeZone(): string | null {
  try {
    const zone = new Intl.DateTimeFormat().resolvedOptions().timeZone;
    return zone && isValidTimeZone(zone) ? zone : null;
  } catch {
    return null;
  }
}

/** What the follower listens to for "the user is back": window focus and document visibility. */
export interface ZoneEvents {
  window?: Pick<Window, 'addEventListener' | 'removeEventListener'> | undefined;
  document?: Pick<Document, 'addEventListener' | 'removeEventListener' | 'visibilityState'> | undefined;
}

export interface FollowDeviceZoneOptions {
  ctx: CommandContext;
  /** Tests set the zone; the app reads Intl each time (a reload-free zone change shows up there). */
  readZone?: () => string | null;
  intervalMs?: number;
  events?: ZoneEvents;
}

export interface DeviceZoneFollower {
  /** Compares now (as focus does); resolves once any update it made is recorded. */
  check(): Promise<void>;
  /** The timer's check: only a zone this follower has not seen yet. */
  tick(): Promise<void>;
  stop(): void;
}

/** Starts following; `stop()` ends the subscription, listeners and timer. */
export function followDeviceZone({
  ctx,
  readZone = deviceTimeZone,
  intervalMs = ZONE_CHECK_INTERVAL_MS,
  events = {
    window: globalThis.window,
    document: globalThis.document,
  },
}: FollowDeviceZoneOptions): DeviceZoneFollower {
  let stopped = false;
  // The zone the last completed comparison read (null: none yet).
  let seen: string | null = null;
  // Checks run one after another, so focus and the timer at once record one update, not two.
  let chain: Promise<void> = Promise.resolve();

  const compare = (onlyNewZone: boolean): Promise<void> => {
    chain = chain
      .then(async () => {
        const zone = readZone();
        if (stopped || zone === null || (onlyNewZone && zone === seen)) return;
        const doc = await ctx.db.profiles.findOne(ctx.userId).exec();
        if (stopped || doc === null) return; // not pulled yet: the subscription below checks on arrival
        seen = zone;
        if (doc.timezone === zone) return;
        // The command (and zod behind it) loads only when a zone differs: not on the first screen's path.
        const { updateProfile } = await import('@/db/commands/profile');
        const result = await updateProfile(ctx, { timezone: zone });
        if (!result.ok) console.warn('[zone] the profile could not follow the device zone', result.error);
      })
      .catch((error: unknown) => console.warn('[zone] check failed', error));
    return chain;
  };
  const check = () => compare(false);
  const tick = () => compare(true);

  const arrived = ctx.db.profiles
    .findOne(ctx.userId)
    .$.pipe(
      filter((doc) => doc !== null),
      first(),
    )
    .subscribe(() => void check());
  const onFocus = () => void check();
  const onVisibility = () => {
    if (events.document?.visibilityState === 'visible') void check();
  };
  events.window?.addEventListener('focus', onFocus);
  events.document?.addEventListener('visibilitychange', onVisibility);
  const timer = setInterval(() => void tick(), intervalMs);

  return {
    check,
    tick,
    stop() {
      stopped = true;
      arrived.unsubscribe();
      events.window?.removeEventListener('focus', onFocus);
      events.document?.removeEventListener('visibilitychange', onVisibility);
      clearInterval(timer);
    },
  };
}
