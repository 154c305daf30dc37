// @clock-sensitive: streaks shown
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { pendingEntries, readPending } from '@/db/pending-writes';
import {
  cleanupDatabases,
  openTestDatabase,
  refusePending,
} from '../../../../test/support/browser/test-database';
import { ROWS, USER } from '../../../../test/support/browser/db-fixtures';
import { SyncWorkerClient } from '@/sync/sync-worker-client';
import { renderWithProviders } from '../../../../test/support/browser/render';
import { ProfilePage } from './profile-page';

afterEach(async () => {
  vi.restoreAllMocks();
  await cleanupDatabases();
});

/** The page on a real database; the sync client was never started, so every RPC answers "not started". */
async function renderProfile(
  options: { addFriendOpen?: boolean; sender?: 'marco' | 'private' | 'pending' } = {},
) {
  const db = await openTestDatabase({ userId: USER });
  await db.profiles.insert({ ...ROWS.profiles, level: 2 });
  await db.friend_requests.insert(ROWS.friend_requests);
  await db.notifications.insert(ROWS.notifications);
  const sync = new SyncWorkerClient(() => {
    throw new Error('never started');
  });
  // What get_public_profile answers for the sender (online); without it the call fails as offline.
  const answer = options.sender;
  if (answer !== undefined) {
    const real = sync.rpc.bind(sync);
    vi.spyOn(sync, 'rpc').mockImplementation((name, args) => {
      if (name !== 'get_public_profile') return real(name, args);
      if (answer === 'pending') return new Promise(() => undefined);
      const row = {
        username: 'marco',
        discriminator: '0007',
        avatar_id: 'avatar2',
        profile_picture_url: null,
      };
      return Promise.resolve({ ok: true as const, data: answer === 'marco' ? [row] : [] });
    });
  }
  const onAddFriendOpenChange = vi.fn();
  const rendered = renderWithProviders(
    <ProfilePage
      db={db}
      userId={USER}
      sync={sync}
      progress={undefined}
      addFriendOpen={options.addFriendOpen ?? false}
      onAddFriendOpenChange={onAddFriendOpenChange}
    />,
    { route: '/profile' },
  );
  await screen.findByRole('heading', { level: 1, name: 'Profile' });
  return { ...rendered, db, sync, onAddFriendOpenChange };
}

describe('profile page', () => {
  it('shows the own profile: name, Spotter ID with a copy button, level, XP, streaks, visibility', async () => {
    await renderProfile();
    const card = await screen.findByRole('region', { name: 'Your profile' });
    expect(within(card).getByText('lena#0042')).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Copy your Spotter ID' })).toBeInTheDocument();
    expect(within(card).getByText('Level 2')).toBeInTheDocument();
    expect(within(card).getByText('415 XP')).toBeInTheDocument();
    expect(within(card).getByText('4 days')).toBeInTheDocument();
    expect(within(card).getByText('9 days')).toBeInTheDocument();
    expect(
      within(card).getByText('Friends only: only friends see your profile and friends'),
    ).toBeInTheDocument();
  });

  it('lists an incoming request with the sender’s name, Accept and Decline', async () => {
    await renderProfile({ sender: 'marco' });
    const requests = screen.getByRole('region', { name: 'Friend requests' });
    expect(await within(requests).findByText('marco')).toBeInTheDocument();
    expect(within(requests).getByText('marco#0007')).toBeInTheDocument();
    expect(
      within(requests).getByRole('button', { name: 'Accept friend request from marco' }),
    ).toBeInTheDocument();
    expect(
      within(requests).getByRole('button', { name: 'Decline friend request from marco' }),
    ).toBeInTheDocument();
    expect(within(requests).queryByText('A Spotter member')).toBeNull();
  });

  it('never offers Accept for an unnamed sender: a skeleton while the sender loads', async () => {
    await renderProfile({ sender: 'pending' });
    const requests = screen.getByRole('region', { name: 'Friend requests' });
    const row = await within(requests).findByRole('listitem', { name: 'Loading who sent this request' });
    expect(row).toHaveAttribute('aria-busy', 'true');
    expect(within(requests).queryByRole('button')).toBeNull();
    expect(within(requests).queryByText('A Spotter member')).toBeNull();
  });

  it('offline, the request says why it cannot be answered yet and offers no Accept', async () => {
    await renderProfile();
    const requests = screen.getByRole('region', { name: 'Friend requests' });
    expect(await within(requests).findByText('A friend request')).toBeInTheDocument();
    expect(
      within(requests).getByText('Their name shows when you are online; then you can answer.'),
    ).toBeInTheDocument();
    expect(within(requests).queryByRole('button')).toBeNull();
  });

  it('a sender with a private profile can be declined, never accepted unnamed', async () => {
    await renderProfile({ sender: 'private' });
    const requests = screen.getByRole('region', { name: 'Friend requests' });
    expect(await within(requests).findByText('A member with a private profile')).toBeInTheDocument();
    expect(
      within(requests).getByRole('button', {
        name: 'Decline friend request from a member with a private profile',
      }),
    ).toBeInTheDocument();
    expect(within(requests).queryByRole('button', { name: /^Accept/ })).toBeNull();
  });

  it('accepting works offline: the request leaves at once and the answer is queued once', async () => {
    const { user, db } = await renderProfile({ sender: 'marco' });
    const requests = screen.getByRole('region', { name: 'Friend requests' });
    await user.click(
      await within(requests).findByRole('button', { name: 'Accept friend request from marco' }),
    );
    expect(await within(requests).findByText('No pending friend requests.')).toBeInTheDocument();
    // Its notification is read now (the bell counts what is still unread), sent once as its own intent.
    // The command patches the row and then records the intent, so both are waited for.
    await waitFor(async () =>
      expect((await db.notifications.findOne(ROWS.notifications.id).exec())?.is_read).toBe(true),
    );
    await waitFor(async () =>
      expect(
        pendingEntries(await readPending(db))
          .filter((e) => e.collection === 'notifications')
          .map((e) => e.request),
      ).toEqual([
        { type: 'update', table: 'notifications', id: ROWS.notifications.id, values: { is_read: true } },
      ]),
    );
    await waitFor(async () =>
      expect(
        pendingEntries(await readPending(db)).filter((e) => e.collection === 'friend_requests'),
      ).toMatchObject([
        {
          request: {
            fn: 'respond_friend_request',
            args: { p_request_id: ROWS.friend_requests.id, p_accept: true },
          },
        },
      ]),
    );
  });

  it('declining marks the request’s notification read too, and the bell counts only what is unread', async () => {
    const { user, db } = await renderProfile({ sender: 'marco' });
    await db.notifications.insert({ ...ROWS.notifications, id: 'flex:other', type: 'flex_received' });
    const requests = screen.getByRole('region', { name: 'Friend requests' });
    await user.click(
      await within(requests).findByRole('button', { name: 'Decline friend request from marco' }),
    );
    await waitFor(async () =>
      expect((await db.notifications.findOne(ROWS.notifications.id).exec())?.is_read).toBe(true),
    );
    const unread = await db.notifications.find({ selector: { user_id: USER, is_read: false } }).exec();
    expect(unread.map((n) => n.id)).toEqual(['flex:other']);
  });

  it('wraps its actions for the walkthrough and opens add friend', async () => {
    const { user, onAddFriendOpenChange } = await renderProfile();
    const actions = document.querySelector('[data-walkthrough="profile-actions"]');
    expect(actions).not.toBeNull();
    await user.click(within(actions as HTMLElement).getByRole('button', { name: 'Add friend' }));
    expect(onAddFriendOpenChange).toHaveBeenCalledWith(true);
  });

  it('its action group jumps to Edit, Invite and Friends: the section heading gets focus', async () => {
    const { user } = await renderProfile();
    const actions = screen.getByRole('group', { name: 'Profile actions' });
    await screen.findByRole('region', { name: 'Edit profile' });
    const scrolled = vi.spyOn(HTMLElement.prototype, 'scrollIntoView');
    for (const [link, heading] of [
      ['Edit', 'Edit profile'],
      ['Invite', 'Invite friends'],
      ['Friends', 'Friends'],
    ] as const) {
      await user.click(within(actions).getByRole('link', { name: link }));
      expect(screen.getByRole('heading', { level: 2, name: heading })).toHaveFocus();
    }
    expect(scrolled).toHaveBeenCalledTimes(3);
  });

  it('checks the Spotter ID format before asking the server', async () => {
    const { user, sync } = await renderProfile({ addFriendOpen: true });
    const rpc = vi.spyOn(sync, 'rpc');
    const dialog = await screen.findByRole('dialog', { name: 'Add a friend' });
    await user.type(within(dialog).getByLabelText(/Spotter ID/), 'nohash');
    await user.click(within(dialog).getByRole('button', { name: 'Send request' }));
    expect(await within(dialog).findByText('Enter an ID like name#1234.')).toBeInTheDocument();
    expect(rpc.mock.calls.map(([name]) => name)).not.toContain('add_friend_by_handle');
  });

  it('a refusal the dialog shows under the field is not kept as an unseen one (no sync badge for it)', async () => {
    const { user, db } = await renderProfile({ addFriendOpen: true });
    const dialog = await screen.findByRole('dialog', { name: 'Add a friend' });
    await user.type(within(dialog).getByLabelText(/Spotter ID/), 'ghost#0404');
    await user.click(within(dialog).getByRole('button', { name: 'Send request' }));
    await waitFor(async () => expect(pendingEntries(await readPending(db))).toHaveLength(1));
    const entry = pendingEntries(await readPending(db))[0]!;
    await refusePending(db, entry.key, 'SPF04', 'User not found');
    expect(await within(dialog).findByText('User not found')).toBeInTheDocument();
    await waitFor(async () => expect((await readPending(db)).failed).toEqual([]));
  });
});
