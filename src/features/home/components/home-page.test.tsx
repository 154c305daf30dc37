// @clock-sensitive: today and streaks
import type { User } from '@supabase/supabase-js';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { UserDataContext } from '@/sync/user-data-context';
import { writeFeedWindow } from '@/db/local-state';
import { readPending } from '@/db/pending-writes';
import { cleanupDatabases, openTestDatabase } from '../../../../test/support/browser/test-database';
import { ROWS, USER } from '../../../../test/support/browser/db-fixtures';
import { todayIn } from '@/domain/dates';
import type { SpotterDatabase } from '@/db/types';
import { addDays } from '@/domain/dates';
import type { Language } from '@/domain/language';
import { SyncWorkerClient } from '@/sync/sync-worker-client';
import { renderWithProviders } from '../../../../test/support/browser/render';
import type { ProgressView } from '../model/progress-view';
import motivation from '../../../../locales/en/motivation.json';
import { HomePage } from './home-page';

// Real RxDB on fake-indexeddb with the fixture user (Lena, Europe/Berlin). The progression and the
// challenge card come from other features; the route passes them in, so here they are props.
const user = { id: USER, email: 'lena@example.test', user_metadata: {} } as unknown as User;
const progress: ProgressView = {
  xp: 415,
  level: 3,
  xpIntoLevel: 86,
  xpForNext: 270,
  percent: 31,
  currentStreak: 4,
  bestStreak: 9,
  pendingXp: 0,
  settled: true,
};
// A translation key on screen instead of its text.
const RAW_KEY =
  /\b(?:home|challenges|achievements|motivation|common):[\w.]+|\b(?:today|progress|feed|calendar|xpChart|sync|goal|nextGoal|items|workoutTypes|legend|kinds)\.[a-zA-Z_]+/;

afterEach(cleanupDatabases);

async function renderHome(
  language: Language = 'en',
  seed?: (db: SpotterDatabase, today: string) => Promise<void>,
) {
  const db = await openTestDatabase({
    userId: USER,
    collections: ['profiles', 'workouts', 'rest_days', 'xp_events', 'check_ins', 'friendships'],
  });
  await db.profiles.insert(ROWS.profiles);
  const today = todayIn('Europe/Berlin', new Date());
  await seed?.(db, today);
  const sync = new SyncWorkerClient(() => {
    throw new Error('the test never starts a worker');
  });
  const rendered = renderWithProviders(
    <UserDataContext.Provider value={{ userId: USER, user, db, sync }}>
      <HomePage
        progress={progress}
        challengeCard={<div data-testid="challenge-slot" />}
        challengePending={false}
      />
    </UserDataContext.Provider>,
    { language },
  );
  // The greeting's name comes from the profile's live query (in any language, "…, Lena").
  await screen.findByRole('heading', { level: 1, name: /Lena/ });
  return { db, today, ...rendered };
}

describe('home page', () => {
  it('greets by first name and shows streak, level, next goal and the empty states', async () => {
    await renderHome();
    expect(screen.getByRole('heading', { level: 1, name: 'Welcome, Lena' })).toBeInTheDocument();
    expect(screen.getByTestId('streak-value')).toHaveTextContent('4 days');
    // Today's message of the streak's band (below a week: `start`), from its part namespace.
    const start = Object.values(motivation.streak.start).map((m) => m.replaceAll('{{count}}', '4'));
    expect(start).toContain(screen.getByRole('heading', { level: 1 }).nextElementSibling?.textContent);
    expect(screen.getByTestId('level-value')).toHaveTextContent('Level 3');
    expect(screen.getByText('86 / 270 XP to level 4')).toBeInTheDocument();
    // Streak 9 unlocks streak_3 and streak_7, level 3 none of the level ones.
    expect(await screen.findByTestId('achievements-earned')).toHaveTextContent('2 of 15 unlocked');
    expect(await screen.findByText('Nothing planned yet')).toBeInTheDocument();
    // The feed window is read on its own, so it may still be loading here.
    expect(await screen.findByText('No activity yet')).toBeInTheDocument();
    expect(screen.getByTestId('challenge-slot')).toBeInTheDocument();
    const feed = screen.getByRole('heading', { name: 'Activity' }).closest('section');
    expect(feed).toHaveAttribute('data-walkthrough', 'home-feed');
  });

  it('counts workouts and joined workouts towards achievements from local data', async () => {
    await renderHome('en', async (db, today) => {
      await db.workouts.insert({ ...ROWS.workouts, date: addDays(today, -2) });
      await db.workouts.insert({
        ...ROWS.workouts,
        id: 'join-0192f3a4-1111-7000-8000-00000000bbbb',
        date: addDays(today, -1),
        joined_from: '0192f3a4-1111-7000-8000-00000000cccc',
      });
    });
    // The two streak ones (best streak 9), first_workout and first_join.
    await waitFor(() =>
      expect(screen.getByTestId('achievements-earned')).toHaveTextContent('4 of 15 unlocked'),
    );
  });

  it('shows today’s workout, the calendar and weekly XP from local data', async () => {
    await renderHome('en', async (db, today) => {
      await db.workouts.insert({ ...ROWS.workouts, date: today, time: '18:30:00', duration_min: 45 });
      await db.rest_days.insert({
        ...ROWS.rest_days,
        id: `${USER}:${addDays(today, -1)}`,
        day: addDays(today, -1),
      });
      await db.xp_events.insert({ ...ROWS.xp_events, created_at: new Date().toISOString(), amount: 5 });
    });
    const todayCard = screen.getByTestId('today-card');
    expect(await within(todayCard).findByText(/45 min/)).toBeInTheDocument();
    // Each card follows its own live queries: they may show the rows a moment after the today card.
    await waitFor(() =>
      expect(screen.getByTestId('calendar-summary')).toHaveTextContent(
        'Days covered: 2 · Workout days: 1 · Rest days: 1 · Longest run: 2',
      ),
    );
    await waitFor(() => expect(screen.getByTestId('xp-chart-total')).toHaveTextContent('5 XP in 8 weeks'));
    expect(
      screen.getByRole('table', { name: 'XP earned per week over the last 8 weeks' }),
    ).toBeInTheDocument();
    expect(
      screen.getByRole('table', { name: 'Covered days per week over the last 6 months' }),
    ).toBeInTheDocument();
  });

  it('confirms a rest day from the prompt and shows it at once', async () => {
    const { db, user: u } = await renderHome();
    await u.click(await screen.findByRole('button', { name: /Confirm rest day/ }));
    expect(await screen.findByText('Rest day confirmed')).toBeInTheDocument();
    expect(await db.rest_days.count().exec()).toBe(1);
    // The screen shows the local row before the command has recorded its intent: wait for that too
    // (and so for the command to end before the database closes).
    await expect
      .poll(async () => Object.keys((await readPending(db)).entries).filter((k) => k.startsWith('rest_day:')))
      .toHaveLength(1);
  });

  it('lists the feed window (who, what, when, flexes) and reports a failed load-more', async () => {
    const { db, user: u } = await renderHome();
    await writeFeedWindow(db, {
      fetched_at: new Date().toISOString(),
      // The worker found older rows past this page, so "Load more" is offered.
      more: true,
      items: [
        {
          id: 'rest_day_confirmed:a',
          user_id: USER,
          kind: 'rest_day_confirmed',
          workout_id: null,
          gym_id: null,
          achievement_id: null,
          friend_id: null,
          challenge_id: null,
          level: null,
          created_at: new Date(Date.now() - 5 * 60_000).toISOString(),
          username: 'lena',
          discriminator: '0042',
          slug: 'lena-0042',
          avatar_id: 'avatar3',
          profile_picture_url: null,
          workout_type: null,
          workout_title: null,
          workout_date: null,
          workout_time: null,
          gym_name: null,
          achievement_name: null,
          friend_username: null,
          flex_count: 2,
          flexed_by_me: false,
        },
      ],
    });
    const list = await screen.findByTestId('feed-list');
    expect(within(list).getByText('took a rest day')).toBeInTheDocument();
    // The page's clock ticks once a minute, so it may lag the row's time by up to a minute.
    expect(within(list).getByText(/^[45] minutes ago$/)).toBeInTheDocument();
    expect(within(list).getByText('2 flexes')).toBeInTheDocument();
    // Load more goes through the sync worker; this one was never started, so the load fails.
    await u.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load activity feed');
  });

  it.each(['de', 'it'] as const)('renders in %s without missing keys', async (language) => {
    const { container } = await renderHome(language);
    await screen.findByTestId('achievements-earned');
    await waitFor(() => expect(screen.getByTestId('today-card')).not.toHaveTextContent(/^$/));
    expect(container.textContent).not.toMatch(RAW_KEY);
    expect(
      screen.getByRole('heading', { level: 1, name: language === 'de' ? 'Willkommen, Lena' : 'Ciao, Lena' }),
    ).toBeInTheDocument();
  });
});
