import { recordIntent } from '../pending-writes';
import { nowOf, type CommandContext } from './context';
import { DATA_ERRORS, fail, ok, type CommandResult } from './result';

/** Marks one notification read: the only column the user may change (notifications.is_read). */
export async function markNotificationRead(
  ctx: CommandContext,
  id: string,
): Promise<CommandResult<{ id: string }>> {
  const doc = await ctx.db.notifications.findOne(id).exec();
  if (!doc || doc.user_id !== ctx.userId) {
    return fail('notification_not_found', DATA_ERRORS.notificationNotFound);
  }
  if (doc.is_read) return ok({ id });
  const now = nowOf(ctx);
  await doc.incrementalPatch({ is_read: true });
  await recordIntent(
    ctx.db,
    {
      key: `notification_read:${id}`,
      collection: 'notifications',
      doc_id: id,
      request: { type: 'update', table: 'notifications', id, values: { is_read: true } },
      patch: { is_read: true },
      previous: { is_read: false },
    },
    now,
  );
  return ok({ id });
}

/**
 * Answering a friend request deals with its notification: every unread `friend_request_received` of mine
 * for that request (or, where only the sender is known, from that sender) is marked read. Each goes
 * through `markNotificationRead`, one intent per notification id, so the server gets each read once and
 * my other devices see it read by the pull; a second answer finds nothing unread and records nothing.
 */
export async function markFriendRequestNotificationsRead(
  ctx: CommandContext,
  by: { requestId: string } | { senderId: string },
): Promise<number> {
  const match = 'requestId' in by ? { friend_request_id: by.requestId } : { actor_id: by.senderId };
  const unread = await ctx.db.notifications
    .find({ selector: { user_id: ctx.userId, is_read: false, type: 'friend_request_received', ...match } })
    .exec();
  for (const doc of unread) await markNotificationRead(ctx, doc.id);
  return unread.length;
}

/** The bulk action: every unread notification of mine becomes read (one RPC). */
export async function markAllNotificationsRead(
  ctx: CommandContext,
): Promise<CommandResult<{ count: number }>> {
  const unread = await ctx.db.notifications
    .find({ selector: { user_id: ctx.userId, is_read: false } })
    .exec();
  if (unread.length === 0) return ok({ count: 0 });
  const now = nowOf(ctx);
  await ctx.db.notifications.bulkUpsert(unread.map((d) => ({ ...d.toMutableJSON(), is_read: true })));
  await recordIntent(
    ctx.db,
    {
      key: `notifications_read_all:${ctx.userId}`,
      collection: 'notifications',
      doc_id: ctx.userId,
      request: { type: 'rpc', fn: 'mark_all_notifications_read', args: {} },
      patch: {},
      previous: {},
    },
    now,
  );
  return ok({ count: unread.length });
}

/**
 * Delete all (after the page's confirmation): every notification of mine disappears locally at once
 * (RxDB soft delete) and one `delete_all_notifications` RPC soft-deletes them on the server, so the
 * deletion reaches my other devices. Works offline: the intent waits in the ledger.
 */
export async function deleteAllNotifications(ctx: CommandContext): Promise<CommandResult<{ count: number }>> {
  const mine = await ctx.db.notifications.find({ selector: { user_id: ctx.userId } }).exec();
  if (mine.length === 0) return ok({ count: 0 });
  const now = nowOf(ctx);
  await ctx.db.notifications.bulkRemove(mine.map((d) => d.id));
  await recordIntent(
    ctx.db,
    {
      key: `notifications_delete_all:${ctx.userId}`,
      collection: 'notifications',
      doc_id: ctx.userId,
      request: { type: 'rpc', fn: 'delete_all_notifications', args: {} },
      patch: {},
      previous: {},
    },
    now,
  );
  return ok({ count: mine.length });
}
