import type { RxJsonSchema } from 'rxdb';
import { nullableTimestamp, textId, timestamp, uuid } from './fields';

/** public.check_ins: own and friends' (presence). Pull-only; check in/out are intents. */
export interface CheckInDoc {
  id: string;
  user_id: string;
  gym_id: string;
  checked_in_at: string;
  checked_out_at: string | null;
  created_at: string;
}

export const checkInSchema: RxJsonSchema<CheckInDoc> = {
  title: 'check_ins',
  version: 0,
  primaryKey: 'id',
  type: 'object',
  properties: {
    id: textId(64),
    user_id: uuid,
    gym_id: textId(82),
    checked_in_at: timestamp,
    checked_out_at: nullableTimestamp,
    created_at: timestamp,
  },
  required: ['id', 'user_id', 'gym_id', 'checked_in_at', 'created_at'],
  indexes: [
    // My latest (open) check-in.
    ['user_id', 'checked_in_at'],
    // Who is at this gym now.
    ['gym_id', 'checked_in_at'],
  ],
};
