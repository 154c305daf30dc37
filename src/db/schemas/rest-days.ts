import type { RxJsonSchema } from 'rxdb';
import { isoDay, textId, timestamp, uuid } from './fields';

/**
 * public.rest_days: id "<user>:<day>" (the database's rule, restDayId). Pull-only: confirming is the
 * confirm_rest_day intent; the command writes the row optimistically with the same id.
 */
export interface RestDayDoc {
  id: string;
  user_id: string;
  day: string;
  confirmed_at: string;
}

export const restDaySchema: RxJsonSchema<RestDayDoc> = {
  title: 'rest_days',
  version: 0,
  primaryKey: 'id',
  type: 'object',
  properties: {
    id: textId(47),
    user_id: uuid,
    day: isoDay,
    confirmed_at: timestamp,
  },
  required: ['id', 'user_id', 'day', 'confirmed_at'],
  indexes: [['user_id', 'day']],
};

/** The rest-day id as the database defines it (check constraint id = user_id || ':' || day). */
export function restDayId(userId: string, day: string): string {
  return `${userId}:${day}`;
}
