// @clock-sensitive: notification times
import { describe, expect, it } from 'vitest';
import type { NotificationDoc } from '@/db/schemas/notifications';
import { BURST_WINDOW_MS, burstSubject, groupBursts } from './notification-groups';

// Times are minutes before an injected now: the grouping reads only the gaps between notifications.
const now = new Date();
const minutesAgo = (m: number) => new Date(now.getTime() - m * 60_000).toISOString();

let seq = 0;
function n(
  type: NotificationDoc['type'],
  ago: number,
  extra: Partial<NotificationDoc> = {},
): NotificationDoc {
  seq += 1;
  return {
    id: `n${seq}`,
    user_id: 'me',
    type,
    actor_id: `actor${seq}`,
    friend_request_id: null,
    workout_id: null,
    join_request_id: null,
    activity_id: null,
    is_read: false,
    created_at: minutesAgo(ago),
    ...extra,
  };
}
const newestFirst = (list: NotificationDoc[]) =>
  [...list].sort((a, b) => Date.parse(b.created_at) - Date.parse(a.created_at));
const ids = (groups: ReturnType<typeof groupBursts<NotificationDoc>>) =>
  groups.map((g) => g.members.map((m) => m.id));

describe('groupBursts', () => {
  it('collapses flexes of one activity within 10 minutes into one row, newest first', () => {
    const a = n('flex_received', 12, { activity_id: 'act-1', actor_id: 'anna' });
    const b = n('flex_received', 9, { activity_id: 'act-1', actor_id: 'ben' });
    const c = n('flex_received', 4, { activity_id: 'act-1', actor_id: 'cleo', is_read: true });
    const d = n('flex_received', 3, { activity_id: 'act-1', actor_id: 'dan' });
    const [group, ...rest] = groupBursts(newestFirst([a, b, c, d]));
    expect(rest).toEqual([]);
    expect(group!.members.map((m) => m.id)).toEqual([d.id, c.id, b.id, a.id]);
    expect(group!.newest).toBe(d);
    expect(group!.key).toBe(a.id);
    expect(group!.actorIds).toEqual(['dan', 'cleo', 'ben', 'anna']);
    expect(group!.unread).toBe(true);
  });

  it('the window is anchored at the burst’s first notification: a later wave is a new row', () => {
    const first = n('flex_received', 30, { activity_id: 'act-1' });
    const inside = n('flex_received', 30 - BURST_WINDOW_MS / 60_000, { activity_id: 'act-1' });
    const after = n('flex_received', 19, { activity_id: 'act-1' });
    const alsoAfter = n('flex_received', 15, { activity_id: 'act-1' });
    expect(ids(groupBursts(newestFirst([first, inside, after, alsoAfter])))).toEqual([
      [alsoAfter.id, after.id],
      [inside.id, first.id],
    ]);
  });

  it('never groups different subjects or types, nor the types that are one per subject', () => {
    const flexA = n('flex_received', 5, { activity_id: 'act-1' });
    const flexB = n('flex_received', 4, { activity_id: 'act-2' });
    const join1 = n('workout_join_request_received', 3, { workout_id: 'w-1' });
    const joined = n('workout_joined', 3, { workout_id: 'w-1' });
    const friend1 = n('friend_request_received', 2);
    const friend2 = n('friend_request_received', 1);
    const groups = groupBursts(newestFirst([flexA, flexB, join1, joined, friend1, friend2]));
    expect(groups.every((g) => g.members.length === 1)).toBe(true);
    expect(groups.map((g) => g.newest.id)).toEqual([
      friend2.id,
      friend1.id,
      ...[join1.id, joined.id].sort().reverse(),
      flexB.id,
      flexA.id,
    ]);
  });

  it('groups join requests for one workout; a read burst is read; rows order by their newest member', () => {
    const j1 = n('workout_join_request_received', 20, { workout_id: 'w-1', is_read: true });
    const j2 = n('workout_join_request_received', 18, { workout_id: 'w-1', is_read: true });
    const reminder = n('workout_reminder', 19, { workout_id: 'w-1', actor_id: null });
    const groups = groupBursts(newestFirst([j1, j2, reminder]));
    expect(ids(groups)).toEqual([[j2.id, j1.id], [reminder.id]]);
    expect(groups[0]!.unread).toBe(false);
    expect(groups[1]!.actorIds).toEqual([]);
  });

  it('an empty list has no rows; a subject is named only for the burst types', () => {
    expect(groupBursts([])).toEqual([]);
    expect(burstSubject({ type: 'flex_received', activity_id: 'a', workout_id: null })).toBe('a');
    expect(burstSubject({ type: 'workout_joined', activity_id: null, workout_id: 'w' })).toBe('w');
    expect(burstSubject({ type: 'workout_reminder', activity_id: null, workout_id: 'w' })).toBeNull();
  });
});
