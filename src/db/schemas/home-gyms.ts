import type { RxJsonSchema } from 'rxdb';
import { indexedInt, textId, timestamp, uuid } from './fields';

/** public.home_gyms: id "<user>:<gym>", position 1..3. Pull-only; set_home_gyms is the intent. */
export interface HomeGymDoc {
  id: string;
  user_id: string;
  gym_id: string;
  position: number;
  created_at: string;
}

export const homeGymSchema: RxJsonSchema<HomeGymDoc> = {
  title: 'home_gyms',
  version: 0,
  primaryKey: 'id',
  type: 'object',
  properties: {
    id: textId(119),
    user_id: uuid,
    gym_id: textId(82),
    position: indexedInt(1, 3),
    created_at: timestamp,
  },
  required: ['id', 'user_id', 'gym_id', 'position', 'created_at'],
  indexes: [['user_id', 'position']],
};

export function homeGymId(userId: string, gymId: string): string {
  return `${userId}:${gymId}`;
}
