import type { RxJsonSchema } from 'rxdb';
import { textId, timestamp, uuid } from './fields';

export const XP_SOURCES = ['workout_planned', 'rest_day', 'flex_received', 'daily_challenge'] as const;
export type XpSource = (typeof XP_SOURCES)[number];

/**
 * public.xp_events: the server's XP ledger, unique per (user, source, source_id). Pull-only. The local
 * progression reads it to know which awards the server has already made (once per planned date, once
 * per rest day), and a 'daily_challenge' entry with source_id "<user>:<UTC date>" is that day's
 * completion.
 */
export interface XpEventDoc {
  id: string;
  user_id: string;
  source: XpSource;
  source_id: string;
  amount: number;
  created_at: string;
}

export const xpEventSchema: RxJsonSchema<XpEventDoc> = {
  title: 'xp_events',
  version: 0,
  primaryKey: 'id',
  type: 'object',
  properties: {
    id: textId(64),
    user_id: uuid,
    source: { type: 'string', enum: [...XP_SOURCES], maxLength: 15 },
    source_id: textId(200),
    amount: { type: 'integer', minimum: 1 },
    created_at: timestamp,
  },
  required: ['id', 'user_id', 'source', 'source_id', 'amount', 'created_at'],
  indexes: [['user_id', 'source', 'source_id']],
};
