// @clock-sensitive: today and dates shown
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

const user = { id: USER, email: 'lena@example.test', user_metadata: {} } as unknown as User;

afterEach(cleanupDatabases);
afterEach(() => {
  // undo `browserLocales`: the prototype's getter (jsdom's en-US) shows through again
  delete (navigator as { languages?: unknown }).languages;
});

/** The browser's locales, which lend the region to the app's language (en-GB: a 24-hour clock). */
const browserLocales = (...languages: string[]) =>
  Object.defineProperty(navigator, 'languages', { value: languages, configurable: true });

const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000).toISOString();
const today = () => {
  const d = new Date();
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
};

async function renderPage(language: Language = 'en', empty = false) {
  const db = await openTestDatabase({
    userId: USER,
    collections: ['profiles', 'workouts', 'notifications'],
  });
  if (!empty) {
    await db.profiles.insert({ ...ROWS.profiles, id: FRIEND, username: 'marco' });
    await db.workouts.insert({
      ...ROWS.workouts,
      id: 'w-reminded-1',
      type: 'yoga',
      date: today(),
      time: '18:30:00',
    });
    const base = ROWS.notifications;
    const rows: NotificationDoc[] = [
      { ...base, id: 'n-old-read', type: 'flex_received', is_read: true, created_at: minutesAgo(60 * 24) },
      // Read and past the server's 90-day retention, still on this device: not listed.
      {
        ...base,
        id: 'n-expired',
        type: 'flex_received',
        is_read: true,
        created_at: minutesAgo(60 * 24 * 91),
      },
      { ...base, id: 'n-request', created_at: minutesAgo(3) },
      {
        ...base,
        id: 'n-reminder',
        type: 'workout_reminder',
        actor_id: null,
        friend_request_id: null,
        workout_id: 'w-reminded-1',
        created_at: minutesAgo(1),
      },
    ];
    await db.notifications.bulkInsert(rows);
  }
  const sync = new SyncWorkerClient(() => {
    throw new Error('the test never starts a worker');
  });
  const rendered = renderWithProviders(
    <UserDataContext.Provider value={{ userId: USER, user, db, sync }}>
      <NotificationsPage />
    </UserDataContext.Provider>,
    { language, route: '/notifications' },
  );
  return { ...rendered, db };
}

const items = () => screen.findAllByTestId('notification-item');
/**
 * The rows once the first one reads `text`: a row's workout and names come from their own live queries,
 * which may render a moment after the row itself.
 */
async function itemsOnceFirstReads(text: string) {
  await waitFor(() => expect(screen.getAllByTestId('notification-item')[0]).toHaveTextContent(text));
  return screen.getAllByTestId('notification-item');
}
const intents = async (db: SpotterDatabase) =>
  pendingEntries(await readPending(db)).flatMap((e) => (e.kind === 'intent' ? [e.request] : []));

describe('NotificationsPage', () => {
  it('lists newest first with type-specific text, relative time and unread marks', async () => {
    browserLocales('en-US', 'en');
    await renderPage();
    const rows = await itemsOnceFirstReads('yoga workout');
    expect(rows.map((r) => r.getAttribute('data-notification-id'))).toEqual([
      'n-reminder',
      'n-request',
      'n-old-read',
    ]);
    expect(rows[0]).toHaveTextContent('Unread: Reminder: your yoga workout starts today at 6:30 PM');
    expect(rows[0]).toHaveTextContent('1 minute ago');
    expect(rows[1]).toHaveTextContent('Unread: marco sent you a friend request');
    expect(rows[2]).toHaveTextContent('marco flexed your activity');
    expect(rows[2]).not.toHaveTextContent('Unread');
    expect(rows[2]).toHaveTextContent('yesterday');
    expect(screen.getByTestId('notifications-summary')).toHaveTextContent('2 unread');
  });

  it('speaks German', async () => {
    await renderPage('de');
    const rows = await itemsOnceFirstReads('Yoga-Training');
    expect(rows[0]).toHaveTextContent('Erinnerung: Dein Yoga-Training beginnt heute um 18:30');
    expect(rows[1]).toHaveTextContent('marco hat dir eine Freundschaftsanfrage geschickt');
    expect(rows[1]).toHaveTextContent('vor 3 Minuten');
    expect(rows[2]).toHaveTextContent('gestern');
    expect(screen.getByRole('button', { name: 'Alle als gelesen markieren' })).toBeEnabled();
  });

  it('writes the reminder time by the browser region: 24-hour in en-GB', async () => {
    browserLocales('en-GB', 'en');
    await renderPage('en');
    const [reminder] = await itemsOnceFirstReads('yoga workout');
    expect(reminder).toHaveTextContent('Reminder: your yoga workout starts today at 18:30');
    expect(reminder).toHaveTextContent('1 minute ago');
  });

  it('speaks Italian with its own clock and relative times', async () => {
    browserLocales('it-IT');
    await renderPage('it');
    const rows = await itemsOnceFirstReads('18:30');
    expect(rows[0]).toHaveTextContent('1 minuto fa');
    expect(rows[2]).toHaveTextContent('ieri');
  });

  it('opening one marks it read and goes to its link', async () => {
    const { db, user: ui, router } = await renderPage();
    const [reminder] = await items();
    await ui.click(reminder!);
    await waitFor(() => expect(router.state.location.pathname).toBe('/schedule'));
    expect((await db.notifications.findOne('n-reminder').exec())?.is_read).toBe(true);
    await expect
      .poll(() => intents(db))
      .toEqual([{ type: 'update', table: 'notifications', id: 'n-reminder', values: { is_read: true } }]);
  });

  it('marks all read with one RPC intent', async () => {
    const { db, user: ui } = await renderPage();
    await items();
    await ui.click(screen.getByRole('button', { name: 'Mark all as read' }));
    await waitFor(() =>
      expect(screen.getByTestId('notifications-summary')).toHaveTextContent('All caught up'),
    );
    expect(screen.getByRole('button', { name: 'Mark all as read' })).toBeDisabled();
    for (const row of await items()) expect(row).not.toHaveTextContent('Unread');
    await expect
      .poll(() => intents(db))
      .toEqual([{ type: 'rpc', fn: 'mark_all_notifications_read', args: {} }]);
  });

  it('deletes all only after confirmation', async () => {
    const { db, user: ui } = await renderPage();
    await items();
    await ui.click(screen.getByRole('button', { name: 'Delete all' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete all notifications?' });
    await ui.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await items()).toHaveLength(3);

    await ui.click(screen.getByRole('button', { name: 'Delete all' }));
    const again = await screen.findByRole('dialog', { name: 'Delete all notifications?' });
    await ui.click(within(again).getByRole('button', { name: 'Delete all' }));
    expect(await screen.findByText('No notifications yet')).toBeInTheDocument();
    expect(await db.notifications.count().exec()).toBe(0);
    // The command records the intent right after the local delete the screen already shows.
    await expect.poll(() => intents(db)).toEqual([{ type: 'rpc', fn: 'delete_all_notifications', args: {} }]);
  });

  it('shows the empty state', async () => {
    await renderPage('it', true);
    expect(await screen.findByText('Ancora nessuna notifica')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Elimina tutte' })).toBeNull();
  });
});
