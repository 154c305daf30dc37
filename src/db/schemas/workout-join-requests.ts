import type { RxJsonSchema } from 'rxdb';
import { nullableText, nullableTimestamp, textId, timestamp, uuid } from './fields';

export const JOIN_REQUEST_STATUSES = ['pending', 'accepted', 'declined'] as const;
export type JoinRequestStatus = (typeof JOIN_REQUEST_STATUSES)[number];

/**
 * public.workout_join_requests: a request to join a friend's workout. Both sides read it (RLS: requester
 * or owner); made by request_join_workout and answered by respond_join_request (intents). Pull-only. On
 * accept the server gives the requester a copy of the workout, id `copy_workout_id` ("join-<id>").
 */
export interface JoinRequestDoc {
  id: string;
  workout_id: string;
  requester_id: string;
  owner_id: string;
  status: JoinRequestStatus;
  replace_workout_id: string | null;
  copy_workout_id: string | null;
  created_at: string;
  responded_at: string | null;
}

export const joinRequestSchema: RxJsonSchema<JoinRequestDoc> = {
  title: 'workout_join_requests',
  version: 0,
  primaryKey: 'id',
  type: 'object',
  properties: {
    id: textId(64),
    workout_id: textId(64),
    requester_id: uuid,
    owner_id: uuid,
    status: { type: 'string', enum: [...JOIN_REQUEST_STATUSES], maxLength: 8 },
    replace_workout_id: nullableText(64),
    copy_workout_id: nullableText(80),
    created_at: timestamp,
    responded_at: nullableTimestamp,
  },
  required: ['id', 'workout_id', 'requester_id', 'owner_id', 'status', 'created_at'],
  // My requests for a workout (the Join button) and the requests a workout of mine received.
  indexes: [
    ['requester_id', 'workout_id'],
    ['owner_id', 'workout_id'],
  ],
};
