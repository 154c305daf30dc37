// The slice of supabase-js realtime the supervisor uses, so the schedule can be unit-tested under fake
// timers with a scripted channel; the app passes the real client through `fromSupabase`.
import type { DatabaseClient } from '../../src/db/database';

export type ChangeEvent = '*' | 'INSERT' | 'UPDATE' | 'DELETE';

export interface ChangeKey {
  table: string;
  event: ChangeEvent;
  /** Default 'public'. */
  schema?: string;
  /** A postgres_changes filter such as `user_id=eq.<id>`. */
  filter?: string;
}

export interface ChangePayload {
  eventType: 'INSERT' | 'UPDATE' | 'DELETE';
  table: string;
  schema: string;
  new: Record<string, unknown>;
  old: Record<string, unknown>;
}

export type ChannelStatus = 'SUBSCRIBED' | 'CLOSED' | 'CHANNEL_ERROR' | 'TIMED_OUT';

export interface ChannelLike {
  on(
    type: 'postgres_changes',
    filter: { event: ChangeEvent; schema: string; table: string; filter?: string },
    callback: (payload: ChangePayload) => void,
  ): ChannelLike;
  subscribe(callback: (status: ChannelStatus, error?: Error) => void): unknown;
}

export interface RealtimeClientLike {
  channel(name: string): ChannelLike;
  removeChannel(channel: ChannelLike): Promise<unknown>;
}

/** The real client, seen through the narrow interface (supabase-js's overloads do not unify with it). */
export function fromSupabase(client: DatabaseClient): RealtimeClientLike {
  return {
    channel: (name) => client.channel(name),
    removeChannel: (channel) => client.removeChannel(channel as never),
  };
}
