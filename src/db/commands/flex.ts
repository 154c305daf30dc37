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

/** An activity shown outside the feed window (a friend's profile): who made it and what the server said. */
export interface ListedActivity {
  activity_id: string;
  owner_id: string;
  /** The server's answer when the list was read: I had flexed it already. */
  flexed_by_me: boolean;
}

/**
 * Flexes a friend's activity listed on their profile (get_public_activity), which the feed window may not
 * hold. The same intent as a flex in the feed (key `flex:<id>`, collection `feed_window`, one
 * flex_activity with a client id), so a flex from either screen is the one flex: queued offline,
 * delivered once, and laid over the feed when the activity shows up there. When the window holds the
 * activity, the feed's command marks it there too. The screen shows the flex from the answer and the
 * ledger (profile `use-profile-flexes.ts`). Refused for my own activity, as the server refuses it.
 */
export async function flexListedActivity(
  ctx: CommandContext,
  listed: ListedActivity,
): Promise<CommandResult<{ activity_id: string }>> {
  const parsed = await parseInput('flexInput', { activity_id: listed.activity_id });
  if (!parsed.ok) return parsed;
  const activityId = parsed.value.activity_id;
  if (listed.owner_id === ctx.userId) return fail('own_activity', DATA_ERRORS.flexOwnActivity);
  const window = await readLocal<FeedWindow>(ctx.db, FEED_WINDOW_ID);
  if (window?.items.some((i) => i.id === activityId)) {
    const inFeed = await flexActivity(ctx, { activity_id: activityId });
    return inFeed.ok ? ok({ activity_id: activityId }) : inFeed;
  }
  const key = flexKey(activityId);
  if (listed.flexed_by_me || (await readPending(ctx.db)).entries[key] !== undefined) {
    return ok({ activity_id: activityId });
  }
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
    nowOf(ctx),
  );
  return ok({ activity_id: activityId });
}
