import type { z } from 'zod';
import { flexInWindow, flexKey } from '../feed-flexes';
import { readLocal } from '../local-doc';
import { FEED_WINDOW_ID, type FeedItem, type FeedWindow } from '../local-state';
import { readPending, recordIntent } from '../pending-writes';
import { newId, nowOf, type CommandContext } from './context';
import type { flexInput } from './inputs';
import { DATA_ERRORS, fail, ok, parseInput, type CommandResult } from './result';

/**
 * Flexes a friend's activity in the feed: shown at once (flexed by me, count + 1 in `feed_window`), sent
 * as flex_activity with a client id. The server keeps one flex per sender and activity (a replay answers
 * the stored row), so a queued flex is delivered once; a second tap while flexed changes and records
 * nothing. Refused for one's own activity (the server refuses it too) and for one not in the window.
 */
export async function flexActivity(
  ctx: CommandContext,
  args: z.input<typeof flexInput>,
): Promise<CommandResult<FeedItem>> {
  const parsed = await parseInput('flexInput', args);
  if (!parsed.ok) return parsed;
  const activityId = parsed.value.activity_id;
  const window = await readLocal<FeedWindow>(ctx.db, FEED_WINDOW_ID);
  const item = window?.items.find((i) => i.id === activityId);
  if (!item) return fail('activity_not_found', DATA_ERRORS.activityNotFound);
  if (item.user_id === ctx.userId) return fail('own_activity', DATA_ERRORS.flexOwnActivity);
  if (item.flexed_by_me) return ok(item);
  const key = flexKey(activityId);
  const onItsWay = (await readPending(ctx.db)).entries[key] !== undefined;

  const now = nowOf(ctx);
  const written = await flexInWindow(ctx.db, activityId);
  // Another tap (or realm) got there first, or my flex is already on its way (a page stored between
  // that flex's window write and its ledger entry lacked it: shown again): its intent is the one.
  if (onItsWay || !written.changed || !written.item) return ok(written.item ?? item);
  await recordIntent(
    ctx.db,
    {
      key,
      collection: 'feed_window',
      doc_id: activityId,
      request: { type: 'rpc', fn: 'flex_activity', args: { p_id: newId(), p_activity_id: activityId } },
      patch: { flexed_by_me: true },
      previous: { flexed_by_me: false },
    },
    now,
  );
  return ok(written.item);
}
