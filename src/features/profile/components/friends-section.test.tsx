// @clock-independent: its rows only need a creation time, the list shows no time or day
// The friends section on a real database (RxDB on fake-indexeddb), with a sync client that was never
// started, so every online call fails as it does offline: the list is the friends this device knows and
// says so, 20 a page with Load more, search, Remove behind a confirmation (one queued intent, the friend
// gone at once), outgoing requests with Cancel and a queued request by handle, a refusal that came back
// later with the spec's message (also in German), and markup in a name shown as text.
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { sendFriendRequestByHandle } from '@/db/commands/friends';
import { pendingEntries, readPending } from '@/db/pending-writes';
import type { ProfileDoc } from '@/db/schemas';
import {
  cleanupDatabases,
  openTestDatabase,
  refusePending,
} from '../../../../test/support/browser/test-database';
import { FRIEND, ROWS, USER } from '../../../../test/support/browser/db-fixtures';
import type { SpotterDatabase } from '@/db/types';
import type { Language } from '@/domain/language';
import { SyncWorkerClient } from '@/sync/sync-worker-client';
import { renderWithProviders } from '../../../../test/support/browser/render';
import { FriendsSection } from './friends-section';

afterEach(async () => {
  cleanup();
  await cleanupDatabases();
});

const friendId = (n: number) => `0192f3a4-0000-7000-8000-${String(1000 + n).padStart(12, '0')}`;

function friendProfile(n: number, overrides: Partial<ProfileDoc> = {}): ProfileDoc {
  return {
    ...ROWS.profiles,
    id: friendId(n),
    username: `friend${String(n).padStart(2, '0')}`,
    discriminator: String(n).padStart(4, '0'),
    slug: `friend-${n}`,
    level: n,
    current_streak: n % 3,
    ...overrides,
  };
}

async function addFriends(db: SpotterDatabase, profiles: ProfileDoc[]) {
  await db.profiles.bulkInsert(profiles);
  await db.friendships.bulkInsert(
    profiles.map((p) => ({
      id: `${USER}:${p.id}`,
      user_id: USER,
      friend_id: p.id,
      created_at: new Date().toISOString(),
    })),
  );
}

async function renderSection(options: { friends?: ProfileDoc[]; language?: Language } = {}) {
  const db = await openTestDatabase({ userId: USER });
  await db.profiles.insert({ ...ROWS.profiles });
  await addFriends(db, options.friends ?? []);
  const sync = new SyncWorkerClient(() => {
    throw new Error('never started');
  });
  const rendered = renderWithProviders(<FriendsSection db={db} userId={USER} sync={sync} />, {
    route: '/profile',
    language: options.language ?? 'en',
  });
  return { ...rendered, db };
}

const friendsList = () => screen.findByRole('list', { name: 'Your friends' });

describe('friends section', () => {
  it('offline: the friends of this device, 20 a page, load more, search, and says so', async () => {
    const friends = Array.from({ length: 23 }, (_, i) => friendProfile(i + 1));
    const { user } = await renderSection({ friends });
    expect(
      await screen.findByText('Offline: these are the friends saved on this device.'),
    ).toBeInTheDocument();
    const list = await friendsList();
    expect(within(list).getAllByRole('listitem')).toHaveLength(20);
    const first = within(list).getByRole('link', { name: 'friend01#0001' });
    expect(first).toHaveAttribute('href', `/p/${friendId(1)}`);
    expect(within(list).getByText('Level 7')).toBeInTheDocument();
    expect(within(list).getAllByText('1 day streak').length).toBeGreaterThan(0);
    expect(within(list).getAllByText('No streak').length).toBeGreaterThan(0);

    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(23));
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();

    await user.type(screen.getByRole('searchbox', { name: 'Search friends' }), 'friend2');
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(4));
    await user.clear(screen.getByRole('searchbox', { name: 'Search friends' }));
    await user.type(screen.getByRole('searchbox', { name: 'Search friends' }), 'nobody');
    expect(await screen.findByText('No friend matches “nobody”.')).toBeInTheDocument();
  });

  it('remove asks first, then the friend is gone at once and one remove_friend is queued', async () => {
    const { user, db } = await renderSection({ friends: [friendProfile(1), friendProfile(2)] });
    const list = await friendsList();
    await user.click(within(list).getByRole('button', { name: 'Remove friend01#0001 from your friends' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove friend?' });
    await user.click(within(dialog).getByRole('button', { name: 'Keep' }));
    expect(within(list).getByRole('link', { name: 'friend01#0001' })).toBeInTheDocument();
    expect(pendingEntries(await readPending(db))).toEqual([]);

    await user.click(within(list).getByRole('button', { name: 'Remove friend01#0001 from your friends' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Remove friend?' })).getByRole('button', {
        name: 'Remove friend',
      }),
    );
    await waitFor(() => expect(within(list).queryByRole('link', { name: 'friend01#0001' })).toBeNull());
    expect(within(list).getByRole('link', { name: 'friend02#0002' })).toBeInTheDocument();
    // The row leaves before the queued request is written: wait for the request.
    await waitFor(async () =>
      expect(pendingEntries(await readPending(db))).toMatchObject([
        { request: { fn: 'remove_friend', args: { p_friend_id: friendId(1) } } },
      ]),
    );
    expect(await screen.findByText('friend01#0001 is no longer your friend.')).toBeInTheDocument();
  });

  it('outgoing: Cancel a sent request; a request by handle waits for the network', async () => {
    const { user, db } = await renderSection();
    await db.friend_requests.insert({ ...ROWS.friend_requests, sender_id: USER, receiver_id: FRIEND });
    await sendFriendRequestByHandle({ db, userId: USER }, 'mia#0007');
    const sent = await screen.findByRole('region', { name: 'Sent requests' });
    expect(await within(sent).findByText('mia#0007')).toBeInTheDocument();
    expect(within(sent).getByText('Will be sent when you are online')).toBeInTheDocument();
    // The stored request and the queued one by handle reach the list on their own schedules.
    await user.click(
      await within(sent).findByRole('button', { name: 'Cancel friend request to A Spotter member' }),
    );
    await waitFor(() => expect(within(sent).queryByText('A Spotter member')).toBeNull());
    expect((await db.friend_requests.findOne(ROWS.friend_requests.id).exec())?.status).toBe('cancelled');
    await waitFor(async () =>
      expect(pendingEntries(await readPending(db)).map((e) => e.request)).toMatchObject([
        { fn: 'add_friend_by_handle' },
        { fn: 'cancel_friend_request', args: { p_request_id: ROWS.friend_requests.id } },
      ]),
    );
  });

  it('a refusal that came back later shows the spec message until dismissed (en and de)', async () => {
    for (const language of ['en', 'de'] as const) {
      const { user, db, unmount } = await renderSection({ language });
      const sent = await sendFriendRequestByHandle({ db, userId: USER }, 'ghost#0404');
      const entry = pendingEntries(await readPending(db))[0]!;
      await refusePending(db, entry.key, 'SPF04', 'User not found');
      const alert = await screen.findByRole('alert');
      expect(alert).toHaveTextContent(
        language === 'en'
          ? 'Your friend request to ghost#0404 was not sent: User not found'
          : 'Deine Freundschaftsanfrage an ghost#0404 wurde nicht gesendet: Benutzer nicht gefunden',
      );
      expect(sent.ok).toBe(true);
      await user.click(
        within(alert).getByRole('button', { name: language === 'en' ? 'Dismiss' : 'Schließen' }),
      );
      await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
      expect((await readPending(db)).failed).toEqual([]);
      unmount();
      await cleanupDatabases();
    }
  });

  it('markup in a name is text', async () => {
    await renderSection({ friends: [friendProfile(1, { username: '<b>x</b>' })] });
    const list = await friendsList();
    expect(within(list).getByRole('link', { name: '<b>x</b>#0001' })).toBeInTheDocument();
    expect(list.querySelector('b')).toBeNull();
  });
});
