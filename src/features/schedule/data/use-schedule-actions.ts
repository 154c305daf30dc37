import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { confirmRestDay } from '@/db/commands/rest-days';
import { deleteWorkout, editWorkout, planWorkout, type PlanWorkoutInput } from '@/db/commands/workouts';
import type { SpotterDatabase } from '@/db/types';
import { feedback } from '@/lib/feedback';
import { toastError, toastSuccess } from '@/lib/feedback/toast';
import { storeRestDayFlag } from '@/lib/rest-day-flag';

interface ActionsInput {
  db: SpotterDatabase;
  userId: string;
  today: string;
  clock?: (() => Date) | undefined;
}

/**
 * The page's writes, through the data layer's commands (local write + pending-writes ledger; the sync
 * worker delivers them). Each resolves true on success, with a toast and the haptic/sound cue; a
 * failure shows the message in the user's language and resolves false.
 */
export function useScheduleActions({ db, userId, today, clock }: ActionsInput) {
  const { t, i18n } = useTranslation('schedule');
  const [resting, setResting] = useState(false);

  return useMemo(() => {
    const ctx = clock ? { db, userId, now: clock } : { db, userId };
    // Command errors carry an i18n key of another namespace (errors:data.*, validation:*).
    const translate = (key: string) => (i18n.t as (k: string) => string)(key);
    return {
      resting,
      async plan(input: PlanWorkoutInput): Promise<boolean> {
        const result = await planWorkout(ctx, input);
        if (!result.ok) {
          toastError(t('toast.saveFailed'));
          feedback('error');
          return false;
        }
        toastSuccess(t('toast.planned'));
        feedback('success');
        return true;
      },
      async edit(id: string, input: PlanWorkoutInput): Promise<boolean> {
        const result = await editWorkout(ctx, id, input);
        if (!result.ok) {
          toastError(
            result.error.code === 'workout_not_found'
              ? translate(result.error.message)
              : t('toast.saveFailed'),
          );
          feedback('error');
          return false;
        }
        toastSuccess(t('toast.updated'));
        feedback('success');
        return true;
      },
      async remove(id: string): Promise<boolean> {
        const result = await deleteWorkout(ctx, id);
        if (!result.ok) {
          toastError(translate(result.error.message));
          return false;
        }
        toastSuccess(t('toast.deleted'));
        feedback('tap');
        return true;
      },
      async confirmRest(day: string): Promise<boolean> {
        setResting(true);
        try {
          const result = await confirmRestDay(ctx, { day });
          if (!result.ok) {
            toastError(
              result.error.code === 'rest_day_not_today'
                ? translate(result.error.message)
                : t('toast.restFailed'),
            );
            feedback('error');
            return false;
          }
          if (day === today) storeRestDayFlag(userId, today, clock ? clock() : new Date());
          feedback('success');
          return true;
        } finally {
          setResting(false);
        }
      },
    };
  }, [db, userId, today, clock, resting, t, i18n]);
}
