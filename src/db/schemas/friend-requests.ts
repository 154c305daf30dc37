import type { RxJsonSchema } from 'rxdb';
import { nullableTimestamp, textId, timestamp, uuid } from './fields';

export const FRIEND_REQUEST_STATUSES = ['pending', 'accepted', 'declined', 'cancelled'] as const;
export type FriendRequestStatus = (typeof FRIEND_REQUEST_STATUSES)[number];

/** public.friend_requests: both sides read; created and answered through intent RPCs. Pull-only. */
export interface FriendRequestDoc {
  id: string;
  sender_id: string;
  receiver_id: string;
  status: FriendRequestStatus;
  created_at: string;
  responded_at: string | null;
}

export const friendRequestSchema: RxJsonSchema<FriendRequestDoc> = {
  title: 'friend_requests',
  version: 0,
  primaryKey: 'id',
  type: 'object',
  properties: {
    id: textId(64),
    sender_id: uuid,
    receiver_id: uuid,
    status: { type: 'string', enum: [...FRIEND_REQUEST_STATUSES], maxLength: 9 },
    created_at: timestamp,
    responded_at: nullableTimestamp,
  },
  required: ['id', 'sender_id', 'receiver_id', 'status', 'created_at'],
  // Incoming pending requests (the badge count) and outgoing ones, newest first.
  indexes: [
    ['receiver_id', 'status', 'created_at'],
    ['sender_id', 'status', 'created_at'],
  ],
};
