// When a day offers "confirm a rest day": the server's confirm_rest_day accepts today - 2 .. today + 1
// in the user's zone (a late confirmation after midnight, a device a zone away), and so does the
// confirmRestDay command. Other days show the choice disabled, with the reason.
import { addDays } from '@/domain/dates';

export type RestDayAvailability = 'available' | 'confirmed' | 'tooLate' | 'tooEarly' | 'hasWorkout';

export const REST_DAY_DAYS_BACK = 2;
export const REST_DAY_DAYS_AHEAD = 1;

export function restDayAvailability(
  day: string,
  today: string,
  state: { confirmed: boolean; workouts: number },
): RestDayAvailability {
  if (state.confirmed) return 'confirmed';
  if (day < addDays(today, -REST_DAY_DAYS_BACK)) return 'tooLate';
  if (day > addDays(today, REST_DAY_DAYS_AHEAD)) return 'tooEarly';
  // A day with a planned workout is a training day: a rest day there would be a contradiction. The
  // server would accept it; the choice here is one or the other, as the spec says.
  if (state.workouts > 0) return 'hasWorkout';
  return 'available';
}
