// @clock-sensitive: the week and its times
// The home card on real RxDB (fake-indexeddb) with the fixture user Lena (Europe/Berlin): the board the
// worker stored, my own row recomputed from local xp_events, the empty state and the offline note. The
// week is computed from the clock under test, never fixed.
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { writeWeeklyLeaderboard, type LeaderboardRow } from '@/db/local-state';
import { cleanupDatabases, openTestDatabase } from '../../../../test/support/browser/test-database';
import { ROWS, USER } from '../../../../test/support/browser/db-fixtures';
import type { SpotterDatabase } from '@/db/types';
import { renderWithProviders } from '../../../../test/support/browser/render';
import { currentWeekStart } from '../model/leaderboard';
import { LeaderboardCard } from './leaderboard-card';
import { LeaderboardSection } from './leaderboard-section';

afterEach(() => {
  vi.restoreAllMocks();
  return cleanupDatabases();
});

const friend = (n: number, week_xp: number): LeaderboardRow => ({
  user_id: `00000000-0000-4000-8000-00000000000${n}`,
  username: `friend${n}`,
  discriminator: '0001',
  slug: `friend${n}-0001`,
  avatar_id: null,
  profile_picture_url: null,
  level: 2,
  current_streak: n,
  week_xp,
  rank: 0,
  is_me: false,
});
const meRow: LeaderboardRow = {
  ...friend(0, 10),
  user_id: USER,
  username: 'lena',
  discriminator: '0042',
  is_me: true,
};
const fetchedAt = new Date(Date.now() - 3_600_000).toISOString();

async function openDb(rows: LeaderboardRow[] | null): Promise<SpotterDatabase> {
  const db = await openTestDatabase({ userId: USER, collections: ['profiles', 'xp_events'] });
  await db.profiles.insert(ROWS.profiles);
  if (rows) {
    await writeWeeklyLeaderboard(db, {
      week_start: currentWeekStart('Europe/Berlin', new Date()),
      rows,
      fetched_at: fetchedAt,
    });
  }
  return db;
}
const rowNames = () =>
  screen.getAllByTestId('leaderboard-row').map((r) => within(r).getByRole('link').textContent);

describe('leaderboard card', () => {
  it('shows the top three and my row below them, with my rank', async () => {
    const db = await openDb([friend(1, 90), friend(2, 70), friend(3, 70), friend(4, 40), meRow]);
    renderWithProviders(<LeaderboardCard db={db} userId={USER} />);
    await waitFor(() => expect(screen.getAllByTestId('leaderboard-row')).toHaveLength(4));
    expect(rowNames()).toEqual(['friend1#0001', 'friend2#0001', 'friend3#0001', 'lena#0042']);
    // Equal XP share a rank.
    expect(screen.getAllByText('Rank 2')).toHaveLength(2);
    const mine = screen.getAllByTestId('leaderboard-row').at(-1)!;
    expect(mine).toHaveAttribute('aria-current', 'true');
    expect(within(mine).getByTestId('leaderboard-xp')).toHaveTextContent('10 XP');
    expect(screen.getByTestId('leaderboard-my-rank')).toHaveTextContent('You are number 5 of 5');
  });

  it('moves my row at once when I earn XP locally', async () => {
    const db = await openDb([friend(1, 90), friend(2, 70), friend(3, 50), meRow]);
    renderWithProviders(<LeaderboardCard db={db} userId={USER} />);
    await screen.findByText('You are number 4 of 4');
    await db.xp_events.insert({
      id: 'xp-local-1',
      user_id: USER,
      source: 'daily_challenge',
      source_id: 'local-1',
      amount: 75,
      created_at: new Date().toISOString(),
    });
    await screen.findByText('You are number 2 of 4');
    expect(rowNames()).toEqual(['friend1#0001', 'lena#0042', 'friend2#0001']);
    expect(screen.getAllByTestId('leaderboard-xp')[1]).toHaveTextContent('75 XP');
  });

  it('invites to add friends when nobody else is on the board', async () => {
    const db = await openDb([meRow]);
    renderWithProviders(<LeaderboardCard db={db} userId={USER} />);
    const empty = await screen.findByTestId('leaderboard-empty');
    expect(within(empty).getByText('No friends on the board yet')).toBeInTheDocument();
    expect(within(empty).getByRole('link', { name: 'Add friends' })).toHaveAttribute(
      'href',
      '/profile?addFriend=1',
    );
  });

  it('offline, says when the board was fetched', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const db = await openDb([friend(1, 90), meRow]);
    renderWithProviders(<LeaderboardCard db={db} userId={USER} />);
    expect(await screen.findByTestId('leaderboard-freshness')).toHaveTextContent(/^As of /);
  });

  it('in German, the whole board on /profile', async () => {
    const db = await openDb([friend(1, 90), friend(2, 70), friend(3, 50), friend(4, 30), meRow]);
    renderWithProviders(<LeaderboardSection db={db} userId={USER} />, { language: 'de' });
    expect(await screen.findByRole('heading', { name: 'Wochenrangliste' })).toBeInTheDocument();
    await waitFor(() => expect(screen.getAllByTestId('leaderboard-row')).toHaveLength(5));
    expect(screen.getAllByText('Du')).toHaveLength(1);
    expect(screen.getByText('3 Tage Serie')).toBeInTheDocument();
    expect(screen.getByText('1 Tag Serie')).toBeInTheDocument();
  });
});
