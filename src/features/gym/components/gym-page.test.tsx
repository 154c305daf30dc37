// @clock-sensitive: check-in times, today
import type { User } from '@supabase/supabase-js';
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { AppAvatarMenu } from '@/app/shell/app-avatar-menu';
import { shellIdentity } from '@/app/shell/app-identity';
import { UserDataContext } from '@/sync/user-data-context';
import { feedItem } from '../../../../test/support/browser/feed-fixtures';
import { writeFeedWindow } from '@/db/local-state';
import { pendingEntries, readPending } from '@/db/pending-writes';
import { cleanupDatabases, openTestDatabase } from '../../../../test/support/browser/test-database';
import { FRIEND, ROWS, USER } from '../../../../test/support/browser/db-fixtures';
import type { SpotterDatabase } from '@/db/types';
import { resolveTimeZone, todayIn } from '@/domain/dates';
import { SyncWorkerClient } from '@/sync/sync-worker-client';
import type { RpcResult } from '../../../../sync-worker/api';
import { renderWithProviders } from '../../../../test/support/browser/render';
import type { FriendAtGym } from '../model/presence';
import { GymPage } from './gym-page';

// The page on a real RxDB database (fake-indexeddb) through the real write commands. The sync worker is a
// real SyncWorkerClient that is never started; only its online-only `rpc` is answered here (the friends
// at a gym are server data: the end-to-end test asks the real RPC through the emulator).
class AnsweringSyncClient extends SyncWorkerClient {
  calls: { name: string; args: Record<string, unknown> }[] = [];
  answer: RpcResult = { ok: true, data: [] };
  constructor() {
    super(() => {
      throw new Error('the test never starts a worker');
    });
  }
  override rpc(name: string, args: Record<string, unknown> = {}): Promise<RpcResult> {
    this.calls.push({ name, args });
    return Promise.resolve(this.answer);
  }
}

const gym = (id: string, name: string, city: string) => ({
  ...ROWS.gyms,
  id,
  name,
  city,
  address: `${name} Straße 1`,
});

const GYMS = [
  ROWS.gyms,
  gym('iron-muenchen', 'Iron Temple', 'München'),
  gym('palestra-roma', 'Palestra Roma', 'Roma'),
  gym('koeln-box', 'Box Köln', 'Köln'),
];

const friendHere: FriendAtGym = {
  user_id: FRIEND,
  username: 'mia',
  discriminator: '0007',
  slug: 'mia-0007',
  avatar_id: 'avatar2',
  profile_picture_url: null,
  level: 5,
  check_in_id: 'ci-friend',
  checked_in_at: new Date(Date.now() - 20 * 60_000).toISOString(),
  last_active_at: null,
};

function setOnline(value: boolean) {
  Object.defineProperty(window.navigator, 'onLine', { value, configurable: true });
  window.dispatchEvent(new Event(value ? 'online' : 'offline'));
}

async function renderGym(
  options: { homeGym?: boolean; friends?: FriendAtGym[]; fail?: boolean; feedDay?: string } = {},
) {
  const db: SpotterDatabase = await openTestDatabase({
    userId: USER,
    collections: ['gyms', 'home_gyms', 'check_ins', 'profiles', 'workouts', 'workout_join_requests'],
  });
  if (options.feedDay) {
    // The friend's planned workout in my local feed (the worker keeps it from get_feed).
    await writeFeedWindow(db, {
      items: [
        feedItem(FRIEND, {
          id: 'workout:w-mia',
          kind: 'workout_planned',
          workout_id: 'w-mia',
          workout_type: 'yoga',
          workout_date: options.feedDay,
          workout_time: '18:00:00',
          username: 'mia',
        }),
      ],
      fetched_at: new Date().toISOString(),
    });
  }
  await db.gyms.bulkInsert(GYMS);
  if (options.homeGym) await db.home_gyms.insert(ROWS.home_gyms);
  const sync = new AnsweringSyncClient();
  // A 4xx is final (no retries), so the failure shows at once.
  sync.answer = options.fail
    ? { ok: false, error: { code: 'PGRST', message: 'refused', status: 400 } }
    : { ok: true, data: options.friends ?? [] };
  const user = { id: USER, email: 'lena@example.test', user_metadata: {} } as unknown as User;
  const rendered = renderWithProviders(
    <UserDataContext.Provider value={{ userId: USER, user, db, sync }}>
      <GymPage />
    </UserDataContext.Provider>,
    { route: '/gym' },
  );
  await screen.findByRole('heading', { name: 'Gym', level: 1 });
  return { ...rendered, db, sync };
}

describe('/gym', () => {
  afterEach(async () => {
    setOnline(true);
    cleanup(); // unmount before the databases close: live queries must not outlive them
    await cleanupDatabases();
  });

  it('prompts for a home gym, then saves up to 3 chosen from a searchable list', async () => {
    const { user, db } = await renderGym();
    const prompt = await screen.findByRole('heading', { name: 'Set your home gym' });
    expect(prompt.closest('[data-walkthrough="gym-presence"]')).not.toBeNull();
    await user.click(screen.getByRole('button', { name: 'Choose home gyms' }));

    const search = await screen.findByLabelText('Search gyms');
    await user.type(search, 'munchen');
    expect(screen.getAllByRole('checkbox')).toHaveLength(1);
    await user.click(screen.getByRole('checkbox', { name: /Iron Temple/ }));
    await user.clear(search);
    for (const name of [/FitX Berlin-Mitte/, /Palestra Roma/]) {
      await user.click(screen.getByRole('checkbox', { name }));
    }
    expect(screen.getByText('3 of 3 selected')).toBeInTheDocument();
    expect(screen.getByText('You can choose up to 3 home gyms.')).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: /Box Köln/ })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Home gyms updated')).toBeInTheDocument();
    const rows = await db.home_gyms.find({ selector: { user_id: USER } }).exec();
    expect(rows.map((r) => [r.gym_id, r.position]).sort()).toEqual([
      ['fitx-berlin-mitte', 2],
      ['iron-muenchen', 1],
      ['palestra-roma', 3],
    ]);
    const pending = await readPending(db);
    expect(pending.entries[`home_gyms:${USER}`]?.request).toMatchObject({
      fn: 'set_home_gyms',
      args: { p_gym_ids: ['iron-muenchen', 'fitx-berlin-mitte', 'palestra-roma'] },
    });
    expect(await screen.findByRole('heading', { name: 'Iron Temple' })).toBeInTheDocument();
  });

  it('checks in and out at a home gym, locally first', async () => {
    const { user, db } = await renderGym({ homeGym: true });
    await user.click(await screen.findByRole('button', { name: 'Check in at FitX Berlin-Mitte' }));

    expect(await screen.findByText(/You are checked in here since/)).toBeInTheDocument();
    expect(await screen.findByText('Checked in at FitX Berlin-Mitte')).toBeInTheDocument();
    const open = await db.check_ins.find({ selector: { user_id: USER, checked_out_at: null } }).exec();
    expect(open.map((c) => c.gym_id)).toEqual(['fitx-berlin-mitte']);
    // Not yet acknowledged by the server: the page says it is saved on this device.
    expect(await screen.findByText(/Saved on this device/)).toBeInTheDocument();
    const presence = screen.getByRole('list', { name: 'Who is here now' });
    expect(within(presence).getByText('You')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Check out' }));
    expect(await screen.findByRole('button', { name: 'Check in at FitX Berlin-Mitte' })).toBeInTheDocument();
    const after = await db.check_ins.find({ selector: { user_id: USER } }).exec();
    expect(after[0]?.checked_out_at).not.toBeNull();
  });

  it('my row shows my avatar (not "Y" for "You"), with the initial the header and friend rows use', async () => {
    const friend = { ...friendHere, username: '<mia', avatar_id: null };
    const { user, db } = await renderGym({ homeGym: true, friends: [friend] });
    const me = { ...ROWS.profiles, username: '<lena', avatar_id: null };
    await db.profiles.insert(me);
    await user.click(await screen.findByRole('button', { name: 'Check in at FitX Berlin-Mitte' }));
    const presence = await screen.findByRole('list', { name: 'Who is here now' });
    const myRow = (await within(presence).findByText('You')).closest('li');
    const friendRow = (await within(presence).findByText('<mia')).closest('li');
    const initialOf = (row: Element | null) => row?.querySelector('.mantine-Avatar-root')?.textContent;
    await waitFor(() => expect(initialOf(myRow)).toBe('<'));
    expect(initialOf(friendRow)).toBe('<');

    // The header's avatar menu shows the same initial for the same name.
    const header = renderWithProviders(<AppAvatarMenu identity={shellIdentity(me, undefined)} />);
    const trigger = await within(header.container).findByRole('button', { name: 'Account menu' });
    expect(trigger.querySelector('.mantine-Avatar-root')).toHaveTextContent(/^<$/);
  });

  it('shows the friends who are here (get_friends_at_gym), and the last list when offline', async () => {
    const { sync } = await renderGym({ homeGym: true, friends: [friendHere] });
    const list = await screen.findByRole('list', { name: 'Who is here now' });
    expect(await within(list).findByText('mia')).toBeInTheDocument();
    expect(within(list).getByText(/Level 5/)).toBeInTheDocument();
    // jsdom's browser is en-US: a 12-hour time without a leading zero (it said "07:01 AM")
    expect(within(list).getByText(/since ([1-9]|1[0-2]):\d\d[\s\u202f][AP]M/)).toBeInTheDocument();
    expect(sync.calls).toContainEqual({
      name: 'get_friends_at_gym',
      args: { p_gym_id: 'fitx-berlin-mitte' },
    });
    const presence = document.querySelector('[data-walkthrough="gym-presence"]');
    expect(presence).toContainElement(list);

    act(() => setOnline(false));
    expect(await screen.findByText(/You are offline/)).toBeInTheDocument();
    expect(
      within(screen.getByRole('list', { name: 'Who is here now' })).getByText('mia'),
    ).toBeInTheDocument();
  });

  it('offers Join on a friend here who plans a workout today: Joining… at once, one request queued', async () => {
    const today = todayIn(resolveTimeZone(undefined), new Date());
    const { db } = await renderGym({ homeGym: true, friends: [friendHere], feedDay: today });
    const list = await screen.findByRole('list', { name: 'Who is here now' });
    expect(await within(list).findByText('Training today: Yoga')).toBeInTheDocument();
    within(list).getByRole('button', { name: 'Join' }).click();
    expect(await within(list).findByRole('button', { name: 'Joining…' })).toBeInTheDocument();
    // The local row (which shows Joining…) is written before the queued request: wait for the request, so
    // the test also ends after the command's last write (a loaded CI once read the queue in between).
    await waitFor(async () => {
      const entries = pendingEntries(await readPending(db));
      expect(entries.map((e) => e.request)).toMatchObject([
        { type: 'rpc', fn: 'request_join_workout', args: { p_workout_id: 'w-mia' } },
      ]);
    });
  });

  it('says when no friend is here, and that I am', async () => {
    const { user } = await renderGym({ homeGym: true });
    expect(await screen.findByText('None of your friends is here right now.')).toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: 'Check in at FitX Berlin-Mitte' }));
    expect(await screen.findByText(/You are checked in here since/)).toBeInTheDocument();
    expect(screen.getByText('You are here. None of your friends has checked in yet.')).toBeInTheDocument();
    // The command ends after the row shows (it records its intent next): the test ends after the command,
    // or the database closed by the clean-up fails the command's last write (CI, +400 days).
    expect(await screen.findByText('Checked in at FitX Berlin-Mitte')).toBeInTheDocument();
  });
});

describe('/gym when the presence request fails', () => {
  afterEach(async () => {
    cleanup();
    await cleanupDatabases();
  });

  it('says so and asks again on Try again', async () => {
    const { sync, user } = await renderGym({ homeGym: true, fail: true });
    expect(await screen.findByText('Could not load who is here right now.')).toBeInTheDocument();
    const before = sync.calls.length;
    sync.answer = { ok: true, data: [] };
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('None of your friends is here right now.')).toBeInTheDocument();
    expect(sync.calls.length).toBeGreaterThan(before);
  });
});
