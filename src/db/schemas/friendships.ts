import type { RxJsonSchema } from 'rxdb';
import { textId, timestamp, uuid } from './fields';

/** public.friendships: one row per direction, id "<user>:<friend>". Pull-only (server-owned). */
export interface FriendshipDoc {
  id: string;
  user_id: string;
  friend_id: string;
  created_at: string;
}

export const friendshipSchema: RxJsonSchema<FriendshipDoc> = {
  title: 'friendships',
  version: 0,
  primaryKey: 'id',
  type: 'object',
  properties: {
    id: textId(73),
    user_id: uuid,
    friend_id: uuid,
    created_at: timestamp,
  },
  required: ['id', 'user_id', 'friend_id', 'created_at'],
  indexes: [['user_id', 'created_at'], 'friend_id'],
};
