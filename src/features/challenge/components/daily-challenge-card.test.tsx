// @clock-sensitive: today's challenge, fake timers
import type { User } from '@supabase/supabase-js';
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { UserDataContext } from '@/sync/user-data-context';
import { writeDailyChallenge, type DailyChallengeState } from '@/db/local-state';
import { readPending } from '@/db/pending-writes';
import { cleanupDatabases, openTestDatabase } from '../../../../test/support/browser/test-database';
import { ROWS, USER } from '../../../../test/support/browser/db-fixtures';
import type { Language } from '@/domain/language';
import { SyncWorkerClient } from '@/sync/sync-worker-client';
import { renderWithProviders } from '../../../../test/support/browser/render';
import { useDailyChallenge } from '../data/use-daily-challenge';
import { DailyChallengeCard } from './daily-challenge-card';

// Real RxDB on fake-indexeddb; only the timer's setInterval is faked, so the test steps through the 60 s.
const NOW = new Date('2026-11-22T12:00:00.000Z');
const clock = () => NOW;
const TODAY_ID = `${USER}:2026-11-22`;
const user = { id: USER, email: 'lena@example.test', user_metadata: {} } as unknown as User;

const pushups: DailyChallengeState = {
  id: TODAY_ID,
  date: '2026-11-22',
  challenge_id: 'pushup_20',
  name: '20 Push-ups',
  description: 'Do 20 push-ups',
  points: 15,
  completed: false,
};

function Card() {
  return <DailyChallengeCard model={useDailyChallenge(clock)} />;
}

async function renderCard(state: DailyChallengeState | null, language: Language = 'en') {
  const db = await openTestDatabase({ userId: USER, collections: ['profiles', 'xp_events'] });
  await db.profiles.insert(ROWS.profiles);
  if (state) await writeDailyChallenge(db, state);
  const sync = new SyncWorkerClient(() => {
    throw new Error('the test never starts a worker');
  });
  const rendered = renderWithProviders(
    <UserDataContext.Provider value={{ userId: USER, user, db, sync }}>
      <Card />
    </UserDataContext.Provider>,
    { language },
  );
  return { db, ...rendered };
}

const advance = async (ms: number) => {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
};
const timer = () => screen.getByRole('timer');

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
});
afterEach(async () => {
  vi.useRealTimers();
  await cleanupDatabases();
});

describe('daily challenge card', () => {
  it('shows the plank default and cannot claim while today’s challenge is not loaded', async () => {
    await renderCard(null);
    expect(await screen.findByRole('heading', { name: '60s Plank' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Claim points/ })).toBeDisabled();
    expect(screen.getByText("Connect to the internet to load today's challenge.")).toBeInTheDocument();
  });

  it('shows the catalogue text: title, description, muscles, instructions and tips', async () => {
    const { user: u } = await renderCard(pushups);
    const card = (await screen.findByRole('heading', { name: '20 Push-ups' })).closest('section');
    if (!card) throw new Error('no card');
    expect(within(card).getByText('Do 20 push-ups with a straight body line')).toBeInTheDocument();
    expect(within(card).getByText('Chest')).toBeInTheDocument();
    // Disclosures: folded, then opened and closed again by their buttons, each on its own.
    const howTo = within(card).getByRole('button', { name: 'How to do it' });
    const tips = within(card).getByRole('button', { name: 'Tips' });
    const howToPanel = document.getElementById(howTo.getAttribute('aria-controls') ?? '');
    expect(howTo).toHaveAttribute('aria-expanded', 'false');
    expect(howToPanel).not.toBeVisible();
    await u.click(howTo);
    expect(howTo).toHaveAttribute('aria-expanded', 'true');
    expect(howToPanel).toBeVisible();
    expect(within(card).getByText(/Start in a high plank/)).toBeVisible();
    expect(tips).toHaveAttribute('aria-expanded', 'false');
    tips.focus();
    await u.keyboard('{Enter}');
    expect(tips).toHaveAttribute('aria-expanded', 'true');
    expect(within(card).getByText(/Breathe in on the way down/)).toBeVisible();
    await u.click(howTo);
    expect(howTo).toHaveAttribute('aria-expanded', 'false');
    expect(howToPanel).not.toBeVisible();
    expect(card).toHaveAttribute('data-walkthrough', 'home-daily-card');
  });

  it('starts, pauses, resumes, resets to 60 and stops at 0; claims once, then says come back tomorrow', async () => {
    const { db, user: u } = await renderCard(pushups);
    const u2 = u.setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms) });
    await screen.findByRole('heading', { name: '20 Push-ups' });
    expect(timer()).toHaveTextContent('1:00');
    expect(screen.getByRole('button', { name: 'Reset' })).toBeDisabled();

    await u2.click(screen.getByRole('button', { name: 'Start' }));
    await advance(3000);
    expect(timer()).toHaveTextContent('0:57');
    await u2.click(screen.getByRole('button', { name: 'Pause' }));
    await advance(5000);
    expect(timer()).toHaveTextContent('0:57');
    await u2.click(screen.getByRole('button', { name: 'Resume' }));
    await advance(2000);
    expect(timer()).toHaveTextContent('0:55');
    await u2.click(screen.getByRole('button', { name: 'Reset' }));
    expect(timer()).toHaveTextContent('1:00');
    expect(screen.getByRole('button', { name: /Claim points/ })).toBeDisabled();

    await u2.click(screen.getByRole('button', { name: 'Start' }));
    await advance(70_000);
    expect(timer()).toHaveTextContent('0:00');
    expect(screen.getByText("Time's up! Claim your points.")).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Start' })).toBeDisabled();

    await u2.click(screen.getByRole('button', { name: /Claim points · 15 points/ }));
    expect(await screen.findByText('Challenge complete!')).toBeInTheDocument();
    expect(screen.getByText('Done for today. Come back tomorrow for a new challenge!')).toBeInTheDocument();
    // Queued for the server, shown as pending.
    expect(await screen.findByText("Saved, syncing when you're back online")).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Claim points/ })).not.toBeInTheDocument();
    const pending = await readPending(db);
    expect(Object.keys(pending.entries)).toEqual([`daily_challenge:${TODAY_ID}`]);

    // The server's ledger row arrives (the pull after the intent was applied): no longer pending.
    vi.useRealTimers();
    await db.xp_events.insert({
      ...ROWS.xp_events,
      id: 'x-challenge',
      source: 'daily_challenge',
      source_id: TODAY_ID,
      amount: 15,
    });
    await waitFor(() =>
      expect(screen.queryByText("Saved, syncing when you're back online")).not.toBeInTheDocument(),
    );
    expect(screen.getByText('Challenge complete!')).toBeInTheDocument();
  });

  it('refreshes when a completion arrives from another device', async () => {
    const { db } = await renderCard(pushups);
    await screen.findByRole('button', { name: 'Start' });
    // The sync worker stores the server's state after the realtime completion.
    await writeDailyChallenge(db, { ...pushups, completed: true });
    expect(await screen.findByText('Challenge complete!')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Start' })).not.toBeInTheDocument();
    expect(screen.queryByText("Saved, syncing when you're back online")).not.toBeInTheDocument();
  });

  it('a challenge of another day counts as not loaded', async () => {
    await renderCard({ ...pushups, id: `${USER}:2026-11-21`, date: '2026-11-21', completed: true });
    expect(await screen.findByRole('heading', { name: '60s Plank' })).toBeInTheDocument();
    expect(screen.queryByText('Challenge complete!')).not.toBeInTheDocument();
  });

  it('speaks German', async () => {
    await renderCard(pushups, 'de');
    expect(await screen.findByRole('heading', { name: '20 Liegestütze' })).toBeInTheDocument();
    expect(screen.getByText('Tageschallenge')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Start' })).toBeInTheDocument();
  });
});
