// @clock-sensitive: last-synced times
// The home page's sync badge on a real RxDB database: a write the server refused for good reads "not
// saved" (not "we keep trying"), and a click opens the shell's sync panel.
import type { User } from '@supabase/supabase-js';
import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { UserDataContext } from '@/sync/user-data-context';
import { sendFriendRequestByHandle } from '@/db/commands/friends';
import { readPending, settleIntent } from '@/db/pending-writes';
import { USER } from '../../../../test/support/browser/db-fixtures';
import { cleanupDatabases, openTestDatabase } from '../../../../test/support/browser/test-database';
import { closeSyncPanel, useSyncPanelOpened } from '@/lib/sync-panel-state';
import { SyncWorkerClient } from '@/sync/sync-worker-client';
import { renderWithProviders } from '../../../../test/support/browser/render';
import type { WorkerStatus } from '../../../../sync-worker/api';
import { SyncIndicator } from './sync-indicator';

afterEach(async () => {
  closeSyncPanel();
  await cleanupDatabases();
});

function PanelProbe() {
  return <p>{useSyncPanelOpened() ? 'panel open' : 'panel closed'}</p>;
}

describe('sync badge', () => {
  it('says a refused write was not saved and opens the sync panel', async () => {
    const db = await openTestDatabase({ userId: USER });
    const sync = new SyncWorkerClient(() => {
      throw new Error('no worker in component tests');
    });
    const user = { id: USER } as User;
    const { user: pointer } = renderWithProviders(
      <UserDataContext.Provider value={{ userId: USER, user, db, sync }}>
        <SyncIndicator />
        <PanelProbe />
      </UserDataContext.Provider>,
    );
    await screen.findByRole('button', { name: 'Sync status: Synced' });
    await act(async () => {
      const sent = await sendFriendRequestByHandle({ db, userId: USER }, 'mia#4242');
      if (!sent.ok) throw new Error('not recorded');
      const entry = (await readPending(db)).entries[sent.value.key];
      if (!entry) throw new Error('no entry');
      await settleIntent(
        db,
        sent.value.key,
        entry.seq,
        { status: 'refused', code: 'SPF04', message: 'User not found' },
        new Date(),
      );
    });
    const badge = await screen.findByRole('button', { name: 'Sync status: 1 change not saved' });
    expect(badge).toHaveAttribute('data-refused-writes', '1');
    await pointer.hover(badge);
    expect(await screen.findByText(/refused some changes for good/)).toBeInTheDocument();
    expect(screen.queryByText(/We keep trying/)).toBeNull();
    expect(screen.getByText('panel closed')).toBeInTheDocument();
    await pointer.click(badge);
    expect(await screen.findByText('panel open')).toBeInTheDocument();
  });

  it("says the data is loading during a new device's first pull", async () => {
    const db = await openTestDatabase({ userId: USER });
    const sync = new SyncWorkerClient(() => {
      throw new Error('no worker in component tests');
    });
    renderWithProviders(
      <UserDataContext.Provider value={{ userId: USER, user: { id: USER } as User, db, sync }}>
        <SyncIndicator />
      </UserDataContext.Provider>,
    );
    await screen.findByRole('button', { name: 'Sync status: Synced' });
    const running = {
      state: 'running',
      userId: USER,
      leader: true,
      online: true,
      needsToken: false,
      realtime: 'subscribed',
      lastSyncedAt: null,
      lastError: null,
      counts: null,
    } as const;
    // What the worker's comlink callback does in the app.
    const report = (status: WorkerStatus) =>
      act(() => (sync as unknown as { setStatus(status: WorkerStatus): void }).setStatus(status));
    report(running);
    await screen.findByRole('button', { name: 'Sync status: Loading your data…' });
    report({ ...running, lastSyncedAt: new Date().toISOString() });
    await screen.findByRole('button', { name: 'Sync status: Synced' });
  });
});
