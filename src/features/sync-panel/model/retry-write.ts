// Sending a refused write again: the same command, through the write commands (src/db/commands), with the
// arguments the refused request carried. Only where that repeats what the user did; the others can only be
// discarded (docs/decisions.md, "The sync panel"):
// - check-in and check-out carry the time they happened; the command stamps "now" instead;
// - home gyms, "mark all read" and "clear all" act on a whole set that may have changed since;
// - profile edits and personal details would put old values over newer ones;
// - today's challenge is claimed for today, which may not be the refused one's day;
// - a join request may need the clash question its screen asks;
// - a refused push (workouts, settings) and a raw queued push have no command to repeat.
import type { CommandContext } from '@/db/commands/context';
import { flexActivity } from '@/db/commands/flex';
import {
  cancelFriendRequest,
  removeFriend,
  respondToFriendRequest,
  sendFriendRequestByHandle,
} from '@/db/commands/friends';
import { respondJoinRequest } from '@/db/commands/join';
import { markNotificationRead } from '@/db/commands/notifications';
import { confirmRestDay } from '@/db/commands/rest-days';
import type { CommandError } from '@/db/commands/result';
import type { RefusedWrite, SentRequest } from './refused-writes';

type Outcome = { ok: true } | { ok: false; error: CommandError };
type Retry = (ctx: CommandContext) => Promise<Outcome>;

const text = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);

const settled = async (
  result: Promise<{ ok: true } | { ok: false; error: CommandError }>,
): Promise<Outcome> => {
  const done = await result;
  return done.ok ? { ok: true } : { ok: false, error: done.error };
};

function rpcRetry(fn: string, args: Readonly<Record<string, unknown>>): Retry | null {
  switch (fn) {
    case 'confirm_rest_day': {
      const day = text(args.p_day);
      return day === null ? null : (ctx) => settled(confirmRestDay(ctx, { day }));
    }
    case 'flex_activity': {
      const activity = text(args.p_activity_id);
      return activity === null ? null : (ctx) => settled(flexActivity(ctx, { activity_id: activity }));
    }
    case 'add_friend_by_handle':
    case 'send_friend_request': {
      const handle = text(args.p_handle);
      return handle === null ? null : (ctx) => settled(sendFriendRequestByHandle(ctx, handle));
    }
    case 'respond_friend_request': {
      const id = text(args.p_request_id);
      const accept = args.p_accept;
      if (id === null || typeof accept !== 'boolean') return null;
      return (ctx) => settled(respondToFriendRequest(ctx, id, accept));
    }
    case 'cancel_friend_request': {
      const id = text(args.p_request_id);
      return id === null ? null : (ctx) => settled(cancelFriendRequest(ctx, id));
    }
    case 'remove_friend': {
      const friend = text(args.p_friend_id);
      return friend === null ? null : (ctx) => settled(removeFriend(ctx, friend));
    }
    case 'respond_join_request': {
      const id = text(args.p_request_id);
      const accept = args.p_accept;
      if (id === null || typeof accept !== 'boolean') return null;
      return (ctx) => settled(respondJoinRequest(ctx, { request_id: id, accept }));
    }
    default:
      return null;
  }
}

function requestRetry(request: SentRequest | null): Retry | null {
  if (request === null) return null;
  if (request.type === 'update') {
    // Marking one notification read is the same wish whenever it is sent.
    if (request.table === 'notifications' && request.values.is_read === true) {
      const id = request.id;
      return (ctx) => settled(markNotificationRead(ctx, id));
    }
    return null;
  }
  return rpcRetry(request.fn, request.args);
}

/** How to send this write again, or null when only discarding it is safe. */
export function retryOf(write: RefusedWrite): Retry | null {
  return requestRetry(write.request);
}
