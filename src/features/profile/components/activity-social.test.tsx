// @clock-sensitive: today in the profile's zone
import type { User } from '@supabase/supabase-js';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { UserDataContext } from '@/sync/user-data-context';
import { pendingEntries, readPending } from '@/db/pending-writes';
import { cleanupDatabases, openTestDatabase } from '../../../../test/support/browser/test-database';
import { FRIEND, ROWS, USER } from '../../../../test/support/browser/db-fixtures';
import type { SpotterDatabase } from '@/db/types';
import type { Language } from '@/domain/language';
import { SyncWorkerClient } from '@/sync/sync-worker-client';
import { dayFromToday } from '../../../../test/support/clock/days';
import { renderWithProviders } from '../../../../test/support/browser/render';
import type { ActivityItem, FriendshipStatus, PublicProfile } from '../data/public-profile';
import { ActivitySocial } from './activity-social';
import { PublicProfileView } from './public-profile-view';

// Real RxDB on fake-indexeddb: Flex and Join on a friend's profile go through the feed's commands.
const user = { id: USER, email: 'lena@example.test', user_metadata: {} } as unknown as User;
const ZONE = ROWS.profiles.timezone;

const mia = (friendship_status: FriendshipStatus, id = FRIEND): PublicProfile => ({
  id,
  username: 'Mia',
  discriminator: '0420',
  slug: 'mia-0420',
  avatar_id: 'avatar3',
  profile_picture_url: null,
  level: 7,
  current_streak: 4,
  best_streak: 12,
  achievement_ids: [],
  friendship_status,
});

const base: ActivityItem = {
  id: 'x',
  kind: 'level_up',
  created_at: new Date().toISOString(),
  workout_type: null,
  achievement_id: null,
  level: 7,
  gym_name: null,
  friend_username: null,
  workout_id: null,
  workout_date: null,
  workout_time: null,
  flex_count: 0,
  flexed_by_me: false,
};

/** Mia's activity: a workout she plans tomorrow (in my zone), one she planned last week, a level-up. */
const activity = (): ActivityItem[] => [
  {
    ...base,
    id: 'workout:w-mia-next',
    kind: 'workout_planned',
    level: null,
    workout_type: 'hiit',
    workout_id: 'w-mia-next',
    workout_date: dayFromToday(1, ZONE),
    workout_time: '07:30:00',
  },
  {
    ...base,
    id: 'workout:w-mia-past',
    kind: 'workout_planned',
    level: null,
    workout_type: 'yoga',
    workout_id: 'w-mia-past',
    workout_date: dayFromToday(-7, ZONE),
    workout_time: null,
    flex_count: 1,
    flexed_by_me: true,
  },
  { ...base, id: 'level_up:mia:7', flex_count: 2 },
];

afterEach(cleanupDatabases);

async function renderProfile(
  profile: PublicProfile,
  { viewer = 'member', language = 'en' }: { viewer?: 'member' | 'visitor'; language?: Language } = {},
) {
  const db = await openTestDatabase({
    userId: USER,
    collections: ['profiles', 'workouts', 'workout_join_requests'],
  });
  await db.profiles.insert(ROWS.profiles);
  const sync = new SyncWorkerClient(() => {
    throw new Error('the test never starts a worker');
  });
  const rendered = renderWithProviders(
    <UserDataContext.Provider value={{ userId: USER, user, db, sync }}>
      <PublicProfileView
        state={{ status: 'found', profile, activity: activity(), fromDevice: false }}
        viewer={viewer}
        activitySocial={(item, p) => <ActivitySocial item={item} owner={{ id: p.id, name: p.username }} />}
      />
    </UserDataContext.Provider>,
    { language },
  );
  // The list in any language: its rows carry their activity's id.
  await waitFor(() => expect(document.querySelector('[data-activity-id]')).not.toBeNull());
  const rows = screen.getAllByRole('listitem').filter((li) => li.hasAttribute('data-activity-id'));
  const row = (id: string) => rows.find((r) => r.getAttribute('data-activity-id') === id)!;
  return { ...rendered, db, row };
}

const intents = async (db: SpotterDatabase) =>
  pendingEntries(await readPending(db)).map((e) => ({ key: e.key, request: e.request }));

describe('Flex and Join on a friend’s profile', () => {
  it('a friend flexes at once (count and "you flexed"), one intent however often tapped', async () => {
    const { db, row, user: ui } = await renderProfile(mia('friend'));
    const levelUp = row('level_up:mia:7');
    expect(within(levelUp).getByText('2 flexes')).toBeInTheDocument();
    const button = within(levelUp).getByRole('button', { name: 'Flex' });
    expect(button).toHaveAttribute('aria-pressed', 'false');
    await ui.click(button);
    const pressed = await within(levelUp).findByRole('button', { name: 'Flexed' });
    expect(pressed).toHaveAttribute('aria-pressed', 'true');
    expect(pressed).toHaveAttribute('aria-disabled', 'true');
    expect(within(levelUp).getByText('3 flexes')).toBeInTheDocument();
    expect(within(levelUp).getByText('You flexed this')).toBeInTheDocument();
    await ui.click(pressed);
    await expect
      .poll(() => intents(db))
      .toEqual([
        {
          key: 'flex:level_up:mia:7',
          request: {
            type: 'rpc',
            fn: 'flex_activity',
            args: { p_id: expect.any(String) as string, p_activity_id: 'level_up:mia:7' },
          },
        },
      ]);
    // One the server says I flexed shows so, with no new intent.
    const past = row('workout:w-mia-past');
    expect(within(past).getByRole('button', { name: 'Flexed' })).toHaveAttribute('aria-pressed', 'true');
    expect(within(past).getByText('1 flex')).toBeInTheDocument();
  });

  it('a friend joins a planned workout (Join → Joining…); a past one is Closed', async () => {
    const { db, row, user: ui } = await renderProfile(mia('friend'));
    const next = row('workout:w-mia-next');
    await ui.click(within(next).getByRole('button', { name: 'Join' }));
    expect(await within(next).findByRole('button', { name: 'Joining…' })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
    await expect
      .poll(async () => (await intents(db)).map((i) => i.request))
      .toEqual([
        {
          type: 'rpc',
          fn: 'request_join_workout',
          args: expect.objectContaining({ p_workout_id: 'w-mia-next', p_replace_workout_id: null }) as object,
        },
      ]);
    expect(within(row('workout:w-mia-past')).getByRole('button', { name: 'Closed' })).toBeInTheDocument();
    // Join is for planned workouts only.
    expect(within(row('level_up:mia:7')).queryByRole('button', { name: 'Join' })).toBeNull();
  });

  it('a clash with a workout of mine asks first; Keep mine sends nothing', async () => {
    const { db, row, user: ui } = await renderProfile(mia('friend'));
    await db.workouts.insert({
      ...ROWS.workouts,
      id: 'w-mine',
      user_id: USER,
      date: dayFromToday(1, ZONE),
      time: '07:30:00',
    });
    await ui.click(within(row('workout:w-mia-next')).getByRole('button', { name: 'Join' }));
    const dialog = await screen.findByRole('dialog', { name: 'You already have a workout then' });
    expect(dialog).toHaveTextContent("Mia's workout is at the same time as one of yours.");
    await ui.click(within(dialog).getByRole('button', { name: 'Keep mine' }));
    expect(await intents(db)).toEqual([]);
  });

  it.each([
    ['a stranger', 'member', mia('none')],
    ['a friend request not yet answered', 'member', mia('request_sent')],
    ['myself', 'member', mia('self', USER)],
    ['a signed-out visitor', 'visitor', mia('none')],
  ] as const)('%s sees the counts but no Flex or Join', async (_who, viewer, profile) => {
    const { row } = await renderProfile(profile, { viewer });
    expect(within(row('level_up:mia:7')).getByText('2 flexes')).toBeInTheDocument();
    for (const id of ['workout:w-mia-next', 'workout:w-mia-past', 'level_up:mia:7']) {
      expect(within(row(id)).queryByRole('button')).toBeNull();
    }
  });

  it('speaks German and Italian', async () => {
    const { row, user: ui, unmount } = await renderProfile(mia('friend'), { language: 'de' });
    await ui.click(within(row('level_up:mia:7')).getByRole('button', { name: 'Flexen' }));
    expect(await within(row('level_up:mia:7')).findByText('Du hast das geflext')).toBeInTheDocument();
    expect(within(row('workout:w-mia-next')).getByRole('button', { name: 'Mitmachen' })).toBeInTheDocument();
    unmount();
    await cleanupDatabases();
    const it = await renderProfile(mia('friend'), { language: 'it' });
    expect(within(it.row('level_up:mia:7')).getByText('2 flex')).toBeInTheDocument();
    expect(
      within(it.row('workout:w-mia-next')).getByRole('button', { name: 'Partecipa' }),
    ).toBeInTheDocument();
  });
});
