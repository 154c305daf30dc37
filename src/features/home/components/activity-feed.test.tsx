// @clock-sensitive: today and relative times
import type { User } from '@supabase/supabase-js';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { UserDataContext } from '@/sync/user-data-context';
import { feedItem } from '../../../../test/support/browser/feed-fixtures';
import { writeFeedWindow, type FeedWindow } from '@/db/local-state';
import { pendingEntries, readPending } from '@/db/pending-writes';
import { cleanupDatabases, openTestDatabase } from '../../../../test/support/browser/test-database';
import { FRIEND, ROWS, USER } from '../../../../test/support/browser/db-fixtures';
import type { Language } from '@/domain/language';
import { SyncWorkerClient } from '@/sync/sync-worker-client';
import { renderWithProviders } from '../../../../test/support/browser/render';
import { ActivityFeed } from './activity-feed';

// Real RxDB on fake-indexeddb: the feed reads the local feed_window, the flex goes through the command.
const user = { id: USER, email: 'lena@example.test', user_metadata: {} } as unknown as User;
const FRIENDS = feedItem(FRIEND, { id: 'rest_day_confirmed:friend', flex_count: 2 });
const MINE = feedItem(USER, { id: 'rest_day_confirmed:mine', username: 'lena', flex_count: 1 });

afterEach(cleanupDatabases);

async function renderFeed(language: Language = 'en', window: Partial<FeedWindow> = {}) {
  const db = await openTestDatabase({ userId: USER, collections: ['profiles', 'workouts'] });
  await writeFeedWindow(db, { items: [FRIENDS, MINE], fetched_at: new Date().toISOString(), ...window });
  const sync = new SyncWorkerClient(() => {
    throw new Error('the test never starts a worker');
  });
  const rendered = renderWithProviders(
    <UserDataContext.Provider value={{ userId: USER, user, db, sync }}>
      <ActivityFeed today={new Date().toISOString().slice(0, 10)} />
    </UserDataContext.Provider>,
    { language },
  );
  const list = await screen.findByTestId('feed-list');
  const [friendRow, myRow] = within(list).getAllByRole('listitem');
  return { db, friendRow: friendRow!, myRow: myRow!, ...rendered };
}

const flexIntents = async (db: Awaited<ReturnType<typeof renderFeed>>['db']) =>
  pendingEntries(await readPending(db)).filter((e) => e.key.startsWith('flex:'));

describe('activity feed flex', () => {
  it('flexes a friend’s activity at once, records one intent, and a second tap does nothing', async () => {
    const { db, friendRow, myRow, user: u } = await renderFeed();
    // Never on my own activity.
    expect(within(myRow).queryByRole('button')).toBeNull();
    expect(within(myRow).getByText('1 flex')).toBeInTheDocument();

    const button = within(friendRow).getByRole('button', { name: 'Flex' });
    expect(button).toHaveAttribute('aria-pressed', 'false');
    expect(within(friendRow).getByText('2 flexes')).toBeInTheDocument();
    await u.click(button);

    const pressed = await within(friendRow).findByRole('button', { name: 'Flexed' });
    expect(pressed).toHaveAttribute('aria-pressed', 'true');
    expect(pressed).toHaveAttribute('aria-disabled', 'true');
    expect(within(friendRow).getByText('3 flexes')).toBeInTheDocument();
    expect(within(friendRow).getByText('You flexed this')).toBeInTheDocument();
    await expect.poll(async () => (await flexIntents(db)).length).toBe(1);
    const [intent] = await flexIntents(db);
    expect(intent).toMatchObject({
      doc_id: FRIENDS.id,
      request: { type: 'rpc', fn: 'flex_activity', args: { p_activity_id: FRIENDS.id } },
    });

    await u.click(pressed);
    await u.click(pressed);
    expect(await flexIntents(db)).toEqual([intent]);
    expect(within(friendRow).getByText('3 flexes')).toBeInTheDocument();
  });

  it('renders in German', async () => {
    const { db, friendRow, myRow, user: u } = await renderFeed('de');
    expect(within(myRow).queryByRole('button')).toBeNull();
    await u.click(within(friendRow).getByRole('button', { name: 'Flexen' }));
    expect(await within(friendRow).findByRole('button', { name: 'Geflext' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(within(friendRow).getByText('3 Flexes')).toBeInTheDocument();
    expect(within(friendRow).getByText('Du hast das geflext')).toBeInTheDocument();
    await expect.poll(async () => (await flexIntents(db)).length).toBe(1);
  });
});

describe('activity feed load more', () => {
  it('is not offered when the window is the whole feed (a short page), which says so', async () => {
    await renderFeed('en', { more: false });
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
    expect(screen.getByText("You're all caught up.")).toBeInTheDocument();
  });

  it('is not offered for a short window stored before the worker said whether there is more', async () => {
    await renderFeed();
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it('is offered when the worker read past the page and found more', async () => {
    await renderFeed('en', { more: true });
    expect(screen.getByRole('button', { name: 'Load more' })).toBeInTheDocument();
    expect(screen.queryByText("You're all caught up.")).toBeNull();
  });
});

describe('activity feed workout names', () => {
  it.each([
    ['en', 'planned a Full body workout', 'planned a Strength workout'],
    ['de', 'hat ein Ganzkörper-Training geplant', 'hat ein Kraft-Training geplant'],
    ['it', 'ha pianificato un allenamento Total body', 'ha pianificato un allenamento Forza'],
  ] as const)(
    'names a preset workout by its preset in %s, a plain one by its type',
    async (language, preset, type) => {
      // Dates from the clock under test: today's workouts (the day only shows in the text).
      const today = new Date().toISOString().slice(0, 10);
      const planned = (id: string) =>
        feedItem(USER, {
          id: `workout_planned:${id}`,
          kind: 'workout_planned',
          workout_id: id,
          workout_type: 'strength',
          workout_date: today,
        });
      const { db } = await renderFeed(language, { items: [planned('w-preset'), planned('w-plain')] });
      await db.workouts.bulkInsert([
        { ...ROWS.workouts, id: 'w-preset', preset: 'full_body', title: null, date: today },
        { ...ROWS.workouts, id: 'w-plain', preset: null, title: null, date: today },
      ]);
      const [presetRow, plainRow] = within(await screen.findByTestId('feed-list')).getAllByRole('listitem');
      expect(await within(presetRow!).findByText(new RegExp(`^${preset}`))).toBeInTheDocument();
      expect(within(plainRow!).getByText(new RegExp(`^${type}`))).toBeInTheDocument();
    },
  );
});
