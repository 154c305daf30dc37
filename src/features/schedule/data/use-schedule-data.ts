import { useMemo } from 'react';
import { map } from 'rxjs';
import { pending$ } from '@/db/pending-writes';
import { restDaysInRange, workoutsInRange } from '@/db/queries';
import type { RestDayDoc, WorkoutDoc } from '@/db/schemas';
import type { SpotterDatabase } from '@/db/types';
import { useLive } from '@/sync/use-live';

export interface DayData {
  workouts: WorkoutDoc[];
  restDay: RestDayDoc | null;
}

export interface ScheduleData {
  /** undefined until the first local query answers. */
  loaded: boolean;
  byDay: ReadonlyMap<string, DayData>;
  /** Ids of workouts and rest days whose write the server has not acknowledged yet. */
  pendingIds: ReadonlySet<string>;
}

const byTimeThenCreated = (a: WorkoutDoc, b: WorkoutDoc) =>
  (a.time ?? '99').localeCompare(b.time ?? '99') || a.created_at.localeCompare(b.created_at);

/** The user's workouts and rest days from `from` to `to`, live, grouped by day. */
export function useScheduleData(db: SpotterDatabase, userId: string, from: string, to: string): ScheduleData {
  const workouts = useLive((db) => workoutsInRange(db, userId, from, to), [userId, from, to]);
  const restDays = useLive((db) => restDaysInRange(db, userId, from, to), [userId, from, to]);
  const pendingIds = useLive(
    (db) =>
      pending$(db).pipe(
        map((state) => {
          const ids = new Set<string>();
          for (const e of Object.values(state.entries)) {
            if (e.collection === 'workouts' || e.collection === 'rest_days') ids.add(e.doc_id);
          }
          return ids;
        }),
      ),
    [],
  );

  const byDay = useMemo(() => {
    const days = new Map<string, DayData>();
    const entry = (day: string) => {
      let d = days.get(day);
      if (!d) {
        d = { workouts: [], restDay: null };
        days.set(day, d);
      }
      return d;
    };
    for (const doc of workouts ?? []) entry(doc.date).workouts.push(doc.toMutableJSON());
    for (const doc of restDays ?? []) entry(doc.day).restDay = doc.toMutableJSON();
    for (const d of days.values()) d.workouts.sort(byTimeThenCreated);
    return days;
  }, [workouts, restDays]);

  return {
    loaded: workouts !== undefined && restDays !== undefined,
    byDay,
    pendingIds: pendingIds ?? new Set(),
  };
}
