import { describe, expect, it } from 'vitest';
import { notificationTarget } from './notification-links';

const base = { actor_id: 'friend-1', activity_id: null, workout_id: null, join_request_id: null };
const workouts = new Map([
  ['w-1', { id: 'w-1', date: '2030-03-04' }],
  ['join-r-1', { id: 'join-r-1', date: '2030-03-05' }],
]);

describe('notificationTarget', () => {
  it('opens each type at its subject', () => {
    expect(notificationTarget({ ...base, type: 'friend_request_received' }, workouts)).toEqual({
      to: '/p/friend-1',
    });
    expect(notificationTarget({ ...base, type: 'friend_request_accepted' }, workouts)).toEqual({
      to: '/p/friend-1',
    });
    expect(
      notificationTarget({ ...base, type: 'flex_received', activity_id: 'check_in:c1' }, workouts),
    ).toEqual({ to: '/home', hash: 'activity-check_in:c1' });
    for (const type of ['workout_join_request_received', 'workout_joined', 'workout_reminder'] as const) {
      expect(notificationTarget({ ...base, type, workout_id: 'w-1' }, workouts)).toEqual({
        to: '/schedule',
        search: { date: '2030-03-04' },
        hash: 'workout-w-1',
      });
    }
    expect(
      notificationTarget(
        { ...base, type: 'workout_join_request_accepted', workout_id: 'friends-w', join_request_id: 'r-1' },
        workouts,
      ),
    ).toEqual({ to: '/schedule', search: { date: '2030-03-05' }, hash: 'workout-join-r-1' });
  });

  it('falls back to the page when the subject is not here', () => {
    expect(notificationTarget({ ...base, type: 'workout_reminder', workout_id: 'gone' }, workouts)).toEqual({
      to: '/schedule',
    });
    expect(notificationTarget({ ...base, type: 'flex_received' }, workouts)).toEqual({ to: '/home' });
    expect(
      notificationTarget({ ...base, type: 'friend_request_received', actor_id: null }, workouts),
    ).toEqual({
      to: '/profile',
    });
  });
});
