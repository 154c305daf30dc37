// The slice of supabase-js realtime the supervisor uses, so the schedule can be unit-tested under fake
// timers with a scripted channel; the app passes the real client through `fromSupabase`.
import type { DatabaseClient } from '../../src/db/database';

export type ChangeEvent = '*' | 'INSERT' | 'UPDATE' | 'DELETE';

export interface ChangeKey {
  table: string;
  event: ChangeEvent;
  /** Default 'public'. */
  schema?: string;
  /** A row filter such as `user_id=eq.<id>` or `id=in.(a,b)` (matched in row-filters.ts). */
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

/** A broadcast message as realtime-js hands it over: `{type: 'broadcast', event, payload, meta?}`. */
export interface BroadcastMessage {
  event?: string;
  payload?: unknown;
  meta?: Record<string, unknown>;
}

export interface ChannelLike {
  on(
    type: 'broadcast',
    filter: { event: string },
    callback: (message: BroadcastMessage) => void,
  ): ChannelLike;
  subscribe(callback: (status: ChannelStatus, error?: Error) => void): unknown;
}

export interface ChannelOptions {
  config: { private: boolean };
}

export interface RealtimeClientLike {
  channel(name: string, options: ChannelOptions): ChannelLike;
  removeChannel(channel: ChannelLike): Promise<unknown>;
}

/** The real client, seen through the narrow interface (supabase-js's overloads do not unify with it). */
export function fromSupabase(client: DatabaseClient): RealtimeClientLike {
  return {
    channel: (name, options) => client.channel(name, options),
    removeChannel: (channel) => client.removeChannel(channel as never),
  };
}
