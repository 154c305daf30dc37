import type { NotificationDoc, NotificationType } from '@/db/schemas/notifications';

/**
 * A burst: notifications of one type about one subject that arrive within this window of the first of
 * them show as one row ("Anna and 3 others flexed your activity"). Ten minutes covers friends reacting
 * to the same post in one sitting; a later wave about the same subject is news again and gets its own
 * row (docs/decisions.md, "Notification bursts").
 */
export const BURST_WINDOW_MS = 10 * 60_000;

type Groupable = Pick<
  NotificationDoc,
  'id' | 'type' | 'actor_id' | 'activity_id' | 'workout_id' | 'is_read' | 'created_at'
>;

/**
 * What a notification is about, for the types that come in bursts: the flexed activity, the workout
 * others ask to join or joined. The other types are one per subject already (a friend request is its
 * sender, a reminder its workout, an accepted request my copy): they never group.
 */
export function burstSubject(n: Pick<Groupable, 'type' | 'activity_id' | 'workout_id'>): string | null {
  const byType: Record<NotificationType, string | null> = {
    flex_received: n.activity_id,
    workout_join_request_received: n.workout_id,
    workout_joined: n.workout_id,
    friend_request_received: null,
    friend_request_accepted: null,
    workout_join_request_accepted: null,
    workout_reminder: null,
  };
  return byType[n.type];
}

export interface NotificationGroup<N extends Groupable> {
  /** Stable while the burst grows: the id of its first notification. */
  key: string;
  /** Newest first; one member for a notification that is not part of a burst. */
  members: N[];
  /** The newest member: its actor, time and subject stand for the row. */
  newest: N;
  /** Any member unread. */
  unread: boolean;
  /** Distinct actors, newest first ("Anna and 3 others" counts these). */
  actorIds: string[];
}

const time = (n: Groupable) => Date.parse(n.created_at);

/**
 * Groups a newest-first list into rows. A notification joins the open burst of its type and subject
 * when it arrived within `windowMs` of that burst's first notification, else it opens a new one; the
 * window is anchored at the start so a burst's rows do not reshuffle as more arrive. Rows are ordered by
 * their newest member, newest first.
 */
export function groupBursts<N extends Groupable>(
  newestFirst: readonly N[],
  windowMs = BURST_WINDOW_MS,
): NotificationGroup<N>[] {
  const oldestFirst = [...newestFirst].sort((a, b) => time(a) - time(b) || (a.id < b.id ? -1 : 1));
  const open = new Map<string, { start: number; group: NotificationGroup<N> }>();
  const groups: NotificationGroup<N>[] = [];
  for (const n of oldestFirst) {
    const subject = burstSubject(n);
    const burstKey = subject === null ? null : `${n.type}:${subject}`;
    const current = burstKey === null ? undefined : open.get(burstKey);
    if (current && time(n) - current.start <= windowMs) {
      current.group.members.unshift(n);
      current.group.newest = n;
      continue;
    }
    const group: NotificationGroup<N> = { key: n.id, members: [n], newest: n, unread: false, actorIds: [] };
    groups.push(group);
    if (burstKey !== null) open.set(burstKey, { start: time(n), group });
  }
  for (const g of groups) {
    g.unread = g.members.some((m) => !m.is_read);
    g.actorIds = [...new Set(g.members.flatMap((m) => (m.actor_id ? [m.actor_id] : [])))];
  }
  return groups.sort((a, b) => time(b.newest) - time(a.newest) || (a.newest.id < b.newest.id ? 1 : -1));
}
