// @clock-sensitive: days from today
import { filter, firstValueFrom } from 'rxjs';
import { afterEach, describe, expect, it } from 'vitest';
import { addDays } from '../domain/dates';
import { workoutsInRange } from './queries';
import { cleanupDatabases, openTestDatabase } from '../../test/support/browser/test-database';
import { ROWS, USER } from '../../test/support/browser/db-fixtures';
import type { SpotterDatabase } from './types';

afterEach(cleanupDatabases);

// Any day: the query and the rows only compare strings, no clock is involved.
const DAY = ROWS.workouts.date;

/** Writes pages of history (days before DAY) back to back, as a new device's first pull does. */
async function writeHistory(db: SpotterDatabase, pages: number, stop: () => boolean): Promise<number> {
  let written = 0;
  for (; written < pages && !stop(); written++) {
    await db.workouts.bulkInsert(
      Array.from({ length: 50 }, (_, i) => ({
        ...ROWS.workouts,
        id: `history-${written}-${i}`,
        date: addDays(DAY, -1 - ((written * 50 + i) % 700)),
      })),
    );
  }
  return written;
}

describe('live queries while their collection is written to', () => {
  it('answer during a stream of writes instead of after it, and end on the last state', async () => {
    const db = await openTestDatabase({ userId: USER, collections: ['workouts'] });
    await db.workouts.insert(ROWS.workouts);
    const today = workoutsInRange(db, USER, DAY, DAY);
    const calendar = workoutsInRange(db, USER, addDays(DAY, -800), DAY);
    let answered = false;
    const first = firstValueFrom(today.$).then((docs) => {
      answered = true;
      return docs;
    });
    const calendarSub = calendar.$.subscribe();

    // RxDB 17.6 ran the query again after every write that committed while it ran: under a stream of
    // writes it answered only when the stream ended (all 80 pages written).
    const pages = await writeHistory(db, 80, () => answered);
    expect((await first).map((w) => w.id)).toEqual([ROWS.workouts.id]);
    expect(pages).toBeLessThan(80);

    // Converges: the calendar's live result ends with every row written, as a fresh query reads it.
    const stored = await db.workouts.count().exec();
    expect(stored).toBe(pages * 50 + 1);
    const last = await firstValueFrom(calendar.$.pipe(filter((docs) => docs.length === stored)));
    expect(last).toHaveLength(stored);
    calendarSub.unsubscribe();
  });
});
