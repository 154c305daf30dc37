/**
 * Flexes in the local `feed_window` (local-state.ts). The window is one local document holding a page of
 * `get_feed` rows, so a flex intent targets an item inside it: the ledger entry's `doc_id` is the
 * activity id and its collection `feed_window` (pending-writes.ts `LocalTarget`). The same three steps
 * as for a row: apply at once (the flex command), lay pending flexes over every page the worker stores
 * (so a refresh before the intent is applied does not take the flex back), roll back after a refusal.
 */
import { modifyLocal } from './local-doc';
import { FEED_WINDOW_ID, type FeedItem, type FeedWindow } from './local-state';
import type { PendingEntry, PendingState } from './pending-writes';
import type { SpotterDatabase } from './types';

/** The ledger key of my flex of one activity: one flex per sender and activity, as on the server. */
export const flexKey = (activityId: string): string => `flex:${activityId}`;

const emptyWindow = (): FeedWindow => ({ items: [], fetched_at: null });

/** The item flexed by me: the count goes up by my flex unless the server already counted it. */
export function withMyFlex(item: FeedItem): FeedItem {
  return item.flexed_by_me ? item : { ...item, flexed_by_me: true, flex_count: item.flex_count + 1 };
}

const pendingFlexes = (state: PendingState): PendingEntry[] =>
  Object.values(state.entries).filter((e) => e.kind === 'intent' && e.collection === 'feed_window');

/** Server feed rows with my flexes that are still on their way laid over them. */
export function overlayPendingFlexes(state: PendingState, items: readonly FeedItem[]): FeedItem[] {
  const flexed = new Set(pendingFlexes(state).map((e) => e.doc_id));
  if (flexed.size === 0) return [...items];
  return items.map((item) => (flexed.has(item.id) ? withMyFlex(item) : item));
}

/**
 * Marks the activity flexed by me in the stored window. Returns the item as stored afterwards and
 * whether this call changed it (false: not in the window, or flexed already: a second tap).
 */
export async function flexInWindow(
  db: SpotterDatabase,
  activityId: string,
): Promise<{ item: FeedItem | null; changed: boolean }> {
  let changed = false;
  const written = await modifyLocal<FeedWindow>(db, FEED_WINDOW_ID, emptyWindow, (w) => {
    // Re-run on a revision conflict: decide from this state only.
    changed = false;
    const items = w.items.map((item) => {
      if (item.id !== activityId || item.flexed_by_me) return item;
      changed = true;
      return withMyFlex(item);
    });
    return changed ? { ...w, items } : w;
  });
  return { item: written.items.find((i) => i.id === activityId) ?? null, changed };
}

/** A refused flex: the stored window no longer shows it (only if it still shows it as mine). */
export async function unflexInWindow(db: SpotterDatabase, activityId: string): Promise<void> {
  await modifyLocal<FeedWindow>(db, FEED_WINDOW_ID, emptyWindow, (w) => {
    if (!w.items.some((i) => i.id === activityId && i.flexed_by_me)) return w;
    return {
      ...w,
      items: w.items.map((i) =>
        i.id === activityId && i.flexed_by_me
          ? { ...i, flexed_by_me: false, flex_count: Math.max(0, i.flex_count - 1) }
          : i,
      ),
    };
  });
}
