// Live inputs of the leaderboard: the board the sync worker stores (`weekly_leaderboard`), my profile
// and my own xp_events from the local database, and a clock that ticks each minute so the week turns at
// my Monday midnight without a reload.
import { useMemo, useSyncExternalStore } from 'react';
import { weeklyLeaderboard$ } from '@/db/local-state';
import { online$ } from '@/db/sync-status';
import type { SpotterDatabase } from '@/db/types';
import { useLiveValue, useLiveSource } from '@/db/use-live-query';
import { resolveTimeZone } from '@/domain/dates';
import { currentWeekStart, leaderboardView, weekXpSince, type LeaderboardView } from '../model/leaderboard';

function subscribeMinute(onChange: () => void): () => void {
  const timer = setInterval(onChange, 60_000);
  return () => clearInterval(timer);
}
const minuteNow = () => Math.floor(Date.now() / 60_000) * 60_000;

const browserOnline$ = online$();

export interface LeaderboardState {
  /** undefined while the local data loads. */
  view: LeaderboardView | undefined;
  online: boolean;
  now: number;
}

export function useWeeklyLeaderboard(db: SpotterDatabase, userId: string, pendingXp = 0): LeaderboardState {
  const stored = useLiveSource(() => weeklyLeaderboard$(db), [db]);
  const profile = useLiveSource(() => db.profiles.findOne(userId), [db, userId]);
  const events = useLiveSource(() => db.xp_events.find({ selector: { user_id: userId } }), [db, userId]);
  const online = useLiveValue(browserOnline$) ?? true;
  const now = useSyncExternalStore(subscribeMinute, minuteNow);
  const zone = resolveTimeZone(profile?.timezone);
  const view = useMemo(() => {
    if (stored === undefined || profile === undefined || events === undefined) return undefined;
    const weekStart = currentWeekStart(zone, new Date(now));
    const weekXp = weekXpSince(events, zone, weekStart) + pendingXp;
    return leaderboardView(stored, { userId, weekXp, profile }, weekStart);
  }, [stored, profile, events, zone, now, pendingXp, userId]);
  return { view, online, now };
}
