// @clock-sensitive: notification times
import type { User } from '@supabase/supabase-js';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { UserDataContext } from '@/sync/user-data-context';
import { pendingEntries, readPending } from '@/db/pending-writes';
import type { NotificationDoc } from '@/db/schemas/notifications';
import { cleanupDatabases, openTestDatabase } from '../../../test/support/browser/test-database';
import { FRIEND, ROWS, USER } from '../../../test/support/browser/db-fixtures';
import type { SpotterDatabase } from '@/db/types';
import type { Language } from '@/domain/language';
import { SyncWorkerClient } from '@/sync/sync-worker-client';
import { renderWithProviders } from '../../../test/support/browser/render';
import { NotificationsPage } from './notifications-page';

// Real RxDB on fake-indexeddb. Times are minutes before the test's now.
const user = { id: USER, email: 'lena@example.test', user_metadata: {} } as unknown as User;
const ANNA = '0192f3a4-0000-7000-8000-0000000000a1';
const BEN = '0192f3a4-0000-7000-8000-0000000000b2';
const now = new Date();
const minutesAgo = (m: number) => new Date(now.getTime() - m * 60_000).toISOString();

const flex = (id: string, actor: string, ago: number, activity = 'workout:w-mine'): NotificationDoc => ({
  ...ROWS.notifications,
  id,
  type: 'flex_received',
  actor_id: actor,
  friend_request_id: null,
  activity_id: activity,
  created_at: minutesAgo(ago),
});

afterEach(cleanupDatabases);

const TITLES: Record<Language, string> = { en: 'Notifications', de: 'Benachrichtigungen', it: 'Notifiche' };

async function renderPage(language: Language = 'en') {
  const db = await openTestDatabase({ userId: USER, collections: ['profiles', 'workouts', 'notifications'] });
  const inserted = await db.profiles.bulkInsert([
    { ...ROWS.profiles, id: FRIEND, username: 'marco', slug: 'marco-0042' },
    { ...ROWS.profiles, id: ANNA, username: 'anna', slug: 'anna-0042', avatar_id: null },
    { ...ROWS.profiles, id: BEN, username: 'ben', slug: 'ben-0042' },
  ]);
  expect(inserted.error).toEqual([]);
  await db.notifications.bulkInsert([
    // A burst: three friends flex my workout within a few minutes; Anna's is the newest.
    flex('n-flex-marco', FRIEND, 8),
    flex('n-flex-ben', BEN, 6),
    flex('n-flex-anna', ANNA, 4),
    // A flex of another activity, and a friend request: rows of their own.
    flex('n-flex-other', BEN, 5, 'level_up:me:3'),
    { ...ROWS.notifications, id: 'n-request', created_at: minutesAgo(2) },
  ]);
  const sync = new SyncWorkerClient(() => {
    throw new Error('the test never starts a worker');
  });
  const rendered = renderWithProviders(
    <UserDataContext.Provider value={{ userId: USER, user, db, sync }}>
      <NotificationsPage />
    </UserDataContext.Provider>,
    { language, route: '/notifications' },
  );
  const list = await screen.findByRole('list', { name: TITLES[language] });
  await waitFor(() => expect(within(list).getAllByTestId('notification-item')).toHaveLength(3));
  return { ...rendered, db, list };
}

const readIntents = async (db: SpotterDatabase) =>
  pendingEntries(await readPending(db))
    .flatMap((e) => (e.request?.type === 'update' ? [e.request.id] : []))
    .sort();

describe('notification bursts', () => {
  it('one row for the burst: the newest actor’s avatar and name, "and 2 others", unread', async () => {
    const { list } = await renderPage();
    const rows = within(list).getAllByTestId('notification-item');
    expect(rows.map((r) => r.getAttribute('data-notification-id'))).toEqual([
      'n-request',
      'n-flex-anna',
      'n-flex-other',
    ]);
    const burst = rows[1]!;
    expect(burst).toHaveAttribute('data-burst-size', '3');
    // The names come from the local profiles (a live query of their own).
    await waitFor(() => expect(burst).toHaveTextContent('Unread: anna and 2 others flexed your activity'));
    // Anna has no avatar chosen: her initial stands in.
    expect(within(burst).getByText('A')).toBeInTheDocument();
    // Every row names its actor next to the avatar.
    expect(rows[0]).toHaveTextContent('marco sent you a friend request');
    expect(rows[2]).toHaveTextContent('ben flexed your activity');
    expect(rows[2]).not.toHaveAttribute('data-burst-size');
    // The summary still counts notifications.
    expect(screen.getByTestId('notifications-summary')).toHaveTextContent('5 unread');
  });

  it('opening the burst opens its activity and marks all of its members read', async () => {
    const { db, list, router, user: ui } = await renderPage();
    const burst = within(list).getAllByTestId('notification-item')[1]!;
    await ui.click(burst);
    await waitFor(() => expect(router.state.location.pathname).toBe('/home'));
    expect(router.state.location.hash).toBe('activity-workout:w-mine');
    for (const id of ['n-flex-marco', 'n-flex-ben', 'n-flex-anna']) {
      expect((await db.notifications.findOne(id).exec())?.is_read).toBe(true);
    }
    expect((await db.notifications.findOne('n-flex-other').exec())?.is_read).toBe(false);
    await expect.poll(() => readIntents(db)).toEqual(['n-flex-anna', 'n-flex-ben', 'n-flex-marco']);
  });

  it('"Show all" lists the members; each opens the subject and marks only itself read', async () => {
    const { db, list, router, user: ui } = await renderPage();
    await ui.click(within(list).getByRole('button', { name: 'Show all 3' }));
    const members = await screen.findByRole('list', { name: 'All 3 notifications of this group' });
    // The members' names come from their own live query, a moment after the rows.
    await waitFor(() =>
      expect(
        within(members)
          .getAllByTestId('notification-item')
          .map((i) => i.textContent),
      ).toEqual([
        expect.stringContaining('anna flexed your activity'),
        expect.stringContaining('ben flexed your activity'),
        expect.stringContaining('marco flexed your activity'),
      ]),
    );
    const items = within(members).getAllByTestId('notification-item');
    expect(within(list).getByRole('button', { name: 'Hide' })).toHaveAttribute('aria-expanded', 'true');
    await ui.click(items[1]!);
    await waitFor(() => expect(router.state.location.pathname).toBe('/home'));
    await expect.poll(() => readIntents(db)).toEqual(['n-flex-ben']);
    expect((await db.notifications.findOne('n-flex-anna').exec())?.is_read).toBe(false);
  });

  it('speaks German and Italian', async () => {
    const de = await renderPage('de');
    await waitFor(() =>
      expect(within(de.list).getAllByTestId('notification-item')[1]).toHaveTextContent(
        'anna und 2 weitere haben deine Aktivität geflext',
      ),
    );
    expect(within(de.list).getByRole('button', { name: 'Alle 3 anzeigen' })).toBeInTheDocument();
    de.unmount();
    await cleanupDatabases();
    const it = await renderPage('it');
    await waitFor(() =>
      expect(within(it.list).getAllByTestId('notification-item')[1]).toHaveTextContent(
        'anna e altre 2 persone hanno fatto un flex alla tua attività',
      ),
    );
  });
});
