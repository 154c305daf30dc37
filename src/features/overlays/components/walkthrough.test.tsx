import type { User } from '@supabase/supabase-js';
import { cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { pushKey, readPending } from '@/db/pending-writes';
import { UserDataContext } from '@/sync/user-data-context';
import { cleanupDatabases, openTestDatabase } from '../../../../test/support/browser/test-database';
import { ROWS, USER } from '../../../../test/support/browser/db-fixtures';
import { SyncWorkerClient } from '@/sync/sync-worker-client';
import { renderWithProviders } from '../../../../test/support/browser/render';
import { ShellOverlays } from './shell-overlays';
import { walkthroughRecordKey } from './walkthrough-record';

// The walkthrough over a page with the home targets, on a real RxDB database. jsdom lays nothing out, so
// rendered elements report one client rect here (the walkthrough only points at visible targets).

async function renderOverlays(
  options: { metadata?: Record<string, unknown>; settingsDone?: boolean; dailyCardText?: string } = {},
) {
  const db = await openTestDatabase({ userId: USER, collections: ['profiles', 'user_settings'] });
  await db.profiles.insert({ ...ROWS.profiles, current_streak: 0 });
  await db.user_settings.insert({ ...ROWS.user_settings, walkthrough_done: options.settingsDone ?? false });
  const sync = new SyncWorkerClient(() => {
    throw new Error('the test never starts a worker');
  });
  const user = {
    id: USER,
    email: 'lena@example.test',
    user_metadata: options.metadata ?? {},
  } as unknown as User;
  const rendered = renderWithProviders(
    <UserDataContext.Provider value={{ userId: USER, user, db, sync }}>
      <main>
        <section data-walkthrough="home-daily-card" data-walkthrough-text={options.dailyCardText}>
          Daily challenge
        </section>
        <section data-walkthrough="home-feed">Feed</section>
        <a href="/schedule">Plan</a>
      </main>
      <ShellOverlays />
    </UserDataContext.Provider>,
    { route: '/home' },
  );
  return { ...rendered, db };
}

describe('walkthrough', () => {
  beforeEach(() => {
    vi.spyOn(Element.prototype, 'getClientRects').mockReturnValue([{}] as unknown as DOMRectList);
  });
  afterEach(async () => {
    vi.restoreAllMocks();
    cleanup();
    await cleanupDatabases();
  });

  it('walks a new user through the steps; Skip records it once and for all', async () => {
    const { user, db } = await renderOverlays();
    const card = await screen.findByRole('dialog', { name: 'Your daily challenge' });
    expect(card).toHaveTextContent('Step 1 of 9');
    expect(screen.getByRole('button', { name: 'Back' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('dialog', { name: 'Your activity feed' })).toHaveTextContent(
      'Step 2 of 9',
    );
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(await screen.findByRole('dialog', { name: 'Your daily challenge' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.click(await screen.findByRole('button', { name: 'Next' }));

    // The Plan tab step needs the tab itself: no Next, a hint instead.
    const tabStep = await screen.findByRole('dialog', { name: 'Open your plan' });
    expect(tabStep).toHaveTextContent('Step 3 of 9');
    expect(tabStep).toHaveTextContent('Tap it to continue.');
    expect(screen.queryByRole('button', { name: 'Next' })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Skip' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(localStorage.getItem(walkthroughRecordKey(USER))).toBe('done');
    // Skip's write ends with the push it queues for the server: the test waits for that, not only for the
    // row, so that closing the database afterwards does not cut the write short (RxDB LD8).
    await waitFor(async () => {
      const settings = await db.user_settings.findOne(USER).exec();
      expect(settings?.walkthrough_done).toBe(true);
      expect((await readPending(db)).entries[pushKey('user_settings', USER)]).toBeDefined();
    });
  });

  it('says what fits the target’s state when the target asks for other text', async () => {
    // The gym's "choose your home gym" prompt stands in for who is there while none is set.
    await renderOverlays({ dailyCardText: 'gymPresenceNoHomeGym' });
    const card = await screen.findByRole('dialog', { name: 'Start with your home gym' });
    expect(card).toHaveTextContent('Choose up to 3 gyms where you train.');
  });

  it('stays away when the auth metadata flag says it is done', async () => {
    await renderOverlays({ metadata: { walkthrough_done_v1: true } });
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('stays away when the synced settings row says it is done', async () => {
    await renderOverlays({ settingsDone: true });
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('stays away when the local record says it is done', async () => {
    localStorage.setItem(walkthroughRecordKey(USER), 'done');
    await renderOverlays();
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
