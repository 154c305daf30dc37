import { formatHandle, parseHandle } from '@/domain/identity';
import { readPending, recordIntent } from '../pending-writes';
import type { RxDocument } from 'rxdb';
import type { FriendRequestDoc } from '../schemas';
import { newId, nowOf, type CommandContext } from './context';
import { markFriendRequestNotificationsRead } from './notifications';
import { patchReadRow } from './patch-read-row';
import { fail, ok, type CommandResult } from './result';

// Friend requests and friendships as ledger intents (issue 14): shown at once, queued while offline,
// delivered once by the sync worker (or the service worker's replay), and a refusal arriving later rolls
// the local change back and lands in the ledger's `failed` list, which the friends section shows with the
// spec's message. The server's RPCs are idempotent for a replay (send and add-by-handle through the
// client id of migration 20261126120000; respond, cancel and remove by their nature).

/** Message keys of these refusals (locales/<lng>/friends.json). */
export const FRIEND_COMMAND_ERRORS = {
  invalidHandle: 'friends:errors.invalidHandle',
  self: 'friends:errors.self',
  requestNotFound: 'friends:errors.requestGone',
  notFriends: 'friends:errors.notFriends',
} as const;

/** Intent keys: one per request id (sends, answers, cancels) and one per removed friend. */
export const friendRequestKey = (requestId: string) => `friend_requests:${requestId}`;
export const removeFriendKey = (friendId: string) => `remove_friend:${friendId}`;

export interface QueuedFriendRequest {
  /** The client id the server stores the request under (and the ledger key's suffix). */
  id: string;
  key: string;
  handle: string;
}

/**
 * Sends a request to `username#1234` (`add_friend_by_handle` with a client id). Offline the handle cannot
 * be resolved, so the RPC itself is queued; the outgoing list shows it by handle until the server answers.
 * My own handle (known locally) is refused at once; the same handle already on its way records nothing.
 */
export async function sendFriendRequestByHandle(
  ctx: CommandContext,
  input: string,
): Promise<CommandResult<QueuedFriendRequest>> {
  const parsed = parseHandle(input);
  if (parsed === null) return fail('invalid_handle', FRIEND_COMMAND_ERRORS.invalidHandle);
  const handle = formatHandle(parsed.username, parsed.discriminator);
  const own = await ctx.db.profiles.findOne(ctx.userId).exec();
  if (own && formatHandle(own.username, own.discriminator).toLowerCase() === handle.toLowerCase()) {
    return fail('self', FRIEND_COMMAND_ERRORS.self);
  }
  const state = await readPending(ctx.db);
  for (const entry of Object.values(state.entries)) {
    const request = entry.request;
    if (
      request?.type === 'rpc' &&
      request.fn === 'add_friend_by_handle' &&
      request.args.p_handle === handle
    ) {
      return ok({ id: entry.doc_id, key: entry.key, handle });
    }
  }
  const id = newId();
  const key = friendRequestKey(id);
  await recordIntent(
    ctx.db,
    {
      key,
      collection: 'friend_requests',
      doc_id: id,
      request: { type: 'rpc', fn: 'add_friend_by_handle', args: { p_handle: handle, p_id: id } },
      // Nothing local to change: the request row arrives with the pull, under this id.
      patch: {},
      previous: null,
    },
    nowOf(ctx),
  );
  return ok({ id, key, handle });
}

async function pendingRequest(
  ctx: CommandContext,
  requestId: string,
  side: 'receiver_id' | 'sender_id',
): Promise<RxDocument<FriendRequestDoc> | null> {
  const doc = await ctx.db.friend_requests.findOne(requestId).exec();
  if (!doc || doc[side] !== ctx.userId || doc.status !== 'pending') return null;
  return doc;
}

async function changeStatus(
  ctx: CommandContext,
  doc: RxDocument<FriendRequestDoc>,
  status: 'accepted' | 'declined' | 'cancelled',
  fn: 'respond_friend_request' | 'cancel_friend_request',
): Promise<CommandResult<FriendRequestDoc>> {
  const now = nowOf(ctx);
  const { written, raced } = await patchReadRow(doc, { status, responded_at: now.toISOString() });
  const args =
    fn === 'respond_friend_request'
      ? { p_request_id: doc.id, p_accept: status === 'accepted' }
      : { p_request_id: doc.id };
  await recordIntent(
    ctx.db,
    {
      key: friendRequestKey(doc.id),
      collection: 'friend_requests',
      doc_id: doc.id,
      request: { type: 'rpc', fn, args },
      patch: { status },
      previous: { status: 'pending', responded_at: doc.responded_at },
      masked: raced,
    },
    now,
  );
  return ok(written.toMutableJSON());
}

/** Accepts or declines a pending request sent to me (`respond_friend_request`; a replay answers the same). */
export async function respondToFriendRequest(
  ctx: CommandContext,
  requestId: string,
  accept: boolean,
): Promise<CommandResult<FriendRequestDoc>> {
  const request = await pendingRequest(ctx, requestId, 'receiver_id');
  if (!request) return fail('request_not_found', FRIEND_COMMAND_ERRORS.requestNotFound);
  const result = await changeStatus(ctx, request, accept ? 'accepted' : 'declined', 'respond_friend_request');
  // Answered is dealt with: its notification no longer counts as unread on the bell.
  if (result.ok) await markFriendRequestNotificationsRead(ctx, { requestId });
  return result;
}

/** Withdraws a pending request I sent (`cancel_friend_request`; a replay answers 'cancelled' again). */
export async function cancelFriendRequest(
  ctx: CommandContext,
  requestId: string,
): Promise<CommandResult<FriendRequestDoc>> {
  const request = await pendingRequest(ctx, requestId, 'sender_id');
  if (!request) return fail('request_not_found', FRIEND_COMMAND_ERRORS.requestNotFound);
  return changeStatus(ctx, request, 'cancelled', 'cancel_friend_request');
}

/**
 * Ends a friendship (`remove_friend`, both directions; a replay changes nothing and answers false). The
 * local friendship row stays until the pull removes it; the friends list hides a friend whose removal is
 * pending (the ledger entry), so a refusal simply shows them again. `doc_id` is the friend's id, which no
 * friendship row has as its id, so no pulled row is overlaid or mistaken for the removal's outcome.
 */
export async function removeFriend(ctx: CommandContext, friendId: string): Promise<CommandResult<string>> {
  if (friendId === ctx.userId) return fail('not_friends', FRIEND_COMMAND_ERRORS.notFriends);
  const key = removeFriendKey(friendId);
  // Already on its way. A friend not known locally (the list came from the server) is still asked.
  if ((await readPending(ctx.db)).entries[key]) return ok(friendId);
  await recordIntent(
    ctx.db,
    {
      key,
      collection: 'friendships',
      doc_id: friendId,
      request: { type: 'rpc', fn: 'remove_friend', args: { p_friend_id: friendId } },
      patch: {},
      previous: {},
    },
    nowOf(ctx),
  );
  return ok(friendId);
}
