// @clock-sensitive: times shown
// The shell's sync button and panel on a real RxDB database (fake-indexeddb) and, for requests the service
// worker's queue refused, its real queue database: each state in words, refused writes with what they were
// and the server's reason in the user's language, Discard, Retry, and axe on the open panel.
import 'fake-indexeddb/auto';
import { act, screen, waitFor, within } from '@testing-library/react';
import axe from 'axe-core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderShell, shellPart } from '../../../../test/support/browser/app-shell-harness';
import { checkIn } from '@/db/commands/check-ins';
import { sendFriendRequestByHandle } from '@/db/commands/friends';
import { planWorkout } from '@/db/commands/workouts';
import { updateSyncMeta } from '@/db/local-state';
import { readPending } from '@/db/pending-writes';
import { ROWS, USER } from '../../../../test/support/browser/db-fixtures';
import { cleanupDatabases, refusePending } from '../../../../test/support/browser/test-database';
import { markDeviceStorageFull, resetDeviceStorageState } from '@/lib/storage-health/device-storage-state';
import { closeSyncPanel } from '@/lib/sync-panel-state';
import { refreshPageSyncStatus } from '@/sync/page-sync-status';
import type { SyncWorkerClient } from '@/sync/sync-worker-client';
import { QueueDb } from '@/lib/service-worker/queue-db';
import { dayFromToday } from '../../../../test/support/clock/days';
import type { WorkerStatus } from '../../../../sync-worker/api';

afterEach(async () => {
  closeSyncPanel();
  resetDeviceStorageState();
  vi.restoreAllMocks();
  await cleanupDatabases();
});

/** The worker reports a status (what its comlink callback does in the app). */
function reportWorkerStatus(
  sync: SyncWorkerClient,
  status: Partial<Extract<WorkerStatus, { state: 'running' }>>,
) {
  act(() => {
    (sync as unknown as { setStatus(status: WorkerStatus): void }).setStatus({
      state: 'running',
      userId: USER,
      leader: true,
      online: true,
      needsToken: false,
      realtime: 'subscribed',
      lastSyncedAt: null,
      lastError: null,
      counts: null,
      ...status,
    });
  });
}

/** The sync button in the desktop header (the mobile header has the same one). */
const syncButton = (container: HTMLElement, name: string | RegExp) =>
  within(shellPart(container, 'desktop-header')).findByRole('button', { name });

async function openPanel(container: HTMLElement, name: string | RegExp, title = 'Sync') {
  // Found outside act: inside an async act scope React holds the live values' transition renders
  // until the scope ends, so a button that appears with one would never show.
  const button = await syncButton(container, name);
  await act(async () => button.click());
  return screen.findByRole('dialog', { name: title });
}

/** A write the server refused for good, as the sync worker settles it. */
describe('sync button and panel', () => {
  it('says all changes are saved, and when the last sync was', async () => {
    const { container, sync } = await renderShell();
    await syncButton(container, 'All changes saved');
    const lastSyncedAt = new Date().toISOString();
    reportWorkerStatus(sync, { lastSyncedAt });
    const panel = await openPanel(container, 'All changes saved');
    const time = new Intl.DateTimeFormat('en', { timeStyle: 'short' }).format(new Date(lastSyncedAt));
    expect(await within(panel).findByText(`All changes saved. Last synced at ${time}.`)).toBeInTheDocument();
    const syncNow = vi.spyOn(sync, 'syncNow');
    await act(async () => within(panel).getByRole('button', { name: 'Sync now' }).click());
    expect(syncNow).toHaveBeenCalledOnce();
  });

  it('counts the changes being sent', async () => {
    const { container, db } = await renderShell();
    await act(async () => {
      const date = dayFromToday(1);
      expect((await planWorkout({ db, userId: USER }, { type: 'strength', date })).ok).toBe(true);
    });
    const panel = await openPanel(container, 'Sending 1 change');
    expect(within(panel).getByText('Sending 1 change…')).toBeInTheDocument();
  });

  it('says the device is out of storage once a write was refused for the quota', async () => {
    const { container } = await renderShell();
    await syncButton(container, 'All changes saved');
    act(() => {
      markDeviceStorageFull();
    });
    const panel = await openPanel(container, 'All changes saved');
    expect(
      within(panel).getByText(
        'Spotter cannot store more data on this device. Free up space on your device. While you are online, your changes still go to the server.',
      ),
    ).toBeInTheDocument();
  });

  it('says offline changes stay on this device', async () => {
    const { container } = await renderShell();
    await syncButton(container, 'All changes saved');
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    act(() => {
      window.dispatchEvent(new Event('offline'));
    });
    const panel = await openPanel(container, 'Offline: changes stay on this device');
    expect(
      within(panel).getByText(
        'You are offline. Your changes stay on this device and go out when you are back online.',
      ),
    ).toBeInTheDocument();
  });

  it('asks to sign in again when the worker needs a token, and says when live updates reconnect', async () => {
    const { container, sync } = await renderShell();
    await syncButton(container, 'All changes saved');
    reportWorkerStatus(sync, { needsToken: true, realtime: 'retrying' });
    const panel = await openPanel(container, 'Sign in again to send your changes');
    expect(
      within(panel).getByText('Sign in again to send your changes. They stay on this device until then.'),
    ).toBeInTheDocument();
    expect(within(panel).getByText('Live updates are reconnecting.')).toBeInTheDocument();
  });

  it("says a new device's first pull is loading the data until the first sync ends", async () => {
    const { container, sync, db } = await renderShell();
    await syncButton(container, 'All changes saved');
    reportWorkerStatus(sync, { lastSyncedAt: null });
    const panel = await openPanel(container, 'All changes saved');
    expect(
      await within(panel).findByText('Loading your data… Your lists fill in as it arrives.'),
    ).toBeInTheDocument();
    // The worker's word on how far it got (sync_meta.first_pull).
    await act(() => updateSyncMeta(db, { first_pull: { done: 4, total: 11 } }));
    expect(await within(panel).findByText('4 of 11 parts of your data are here.')).toBeInTheDocument();
    reportWorkerStatus(sync, { lastSyncedAt: new Date().toISOString() });
    expect(await within(panel).findByText(/^All changes saved\. Last synced at/)).toBeInTheDocument();
    expect(within(panel).queryByText(/Loading your data/)).toBeNull();
  });

  it('lists a refused friend request with its reason in German, and Retry sends it again', async () => {
    const { container, db } = await renderShell({ language: 'de' });
    let key = '';
    await act(async () => {
      const sent = await sendFriendRequestByHandle({ db, userId: USER }, 'mia#4242');
      if (!sent.ok) throw new Error('not recorded');
      key = sent.value.key;
      await refusePending(db, key, 'SPF04', 'User not found');
    });
    const panel = await openPanel(container, '1 Änderung nicht gespeichert', 'Synchronisierung');
    const item = (await within(panel).findByText('Freundschaftsanfrage an mia#4242')).closest('li');
    if (!item) throw new Error('no list item');
    expect(within(item).getByText('Benutzer nicht gefunden')).toBeInTheDocument();

    await act(async () =>
      within(item).getByRole('button', { name: 'Erneut senden: Freundschaftsanfrage an mia#4242' }).click(),
    );
    await waitFor(async () => {
      const pending = await readPending(db);
      expect(pending.failed).toEqual([]);
      const sends = Object.values(pending.entries).map((entry) => entry.request);
      expect(sends).toEqual([
        expect.objectContaining({
          type: 'rpc',
          fn: 'add_friend_by_handle',
          args: expect.objectContaining({ p_handle: 'mia#4242' }) as unknown,
        }),
      ]);
    });
    expect(await syncButton(container, '1 Änderung wird gesendet')).toBeInTheDocument();
  });

  it('lists a refused check-in by its gym with Discard only, and Discard removes it', async () => {
    const { container, db } = await renderShell();
    await db.gyms.insert(ROWS.gyms);
    await act(async () => {
      const done = await checkIn({ db, userId: USER }, { gym_id: ROWS.gyms.id });
      if (!done.ok) throw new Error('no check-in');
      await refusePending(db, `check_in:${done.value.id}`, 'SPG01', 'Gym not found');
    });
    const panel = await openPanel(container, '1 change not saved');
    const item = (await within(panel).findByText('Check-in at FitX Berlin-Mitte')).closest('li');
    if (!item) throw new Error('no list item');
    expect(within(item).getByText('This gym does not exist.')).toBeInTheDocument();
    expect(within(item).queryByRole('button', { name: /^Retry/ })).toBeNull();
    expect(
      within(item).getByText('To try again, make this change again where you made it.'),
    ).toBeInTheDocument();

    await act(async () =>
      within(item).getByRole('button', { name: 'Discard: Check-in at FitX Berlin-Mitte' }).click(),
    );
    await waitFor(() => expect(within(panel).queryByText('Check-in at FitX Berlin-Mitte')).toBeNull());
    expect((await readPending(db)).failed).toEqual([]);
    expect(await syncButton(container, 'All changes saved')).toBeInTheDocument();
  });

  it("lists a request the service worker's queue had refused, and Discard removes it from the queue", async () => {
    const { container } = await renderShell();
    const queue = new QueueDb();
    const id = `refused-${crypto.randomUUID()}`;
    const now = Date.now();
    await queue.reject(-1, {
      id,
      rpc: 'check_in',
      userId: USER,
      status: 400,
      body: JSON.stringify({ code: 'SPG01', message: 'Gym not found' }),
      requestBody: JSON.stringify({ p_id: id, p_gym_id: 'no-such-gym' }),
      queuedAt: now - 1_000,
      settledAt: now,
    });
    act(() => refreshPageSyncStatus());
    const panel = await openPanel(container, '1 change not saved');
    const item = (await within(panel).findByText('Check-in at a gym')).closest('li');
    if (!item) throw new Error('no list item');
    expect(within(item).getByText('This gym does not exist.')).toBeInTheDocument();
    await act(async () => within(item).getByRole('button', { name: 'Discard: Check-in at a gym' }).click());
    await waitFor(() => expect(within(panel).queryByText('Check-in at a gym')).toBeNull());
    expect((await queue.outcomes()).map((outcome) => outcome.id)).not.toContain(id);
  });

  it('passes axe structure rules when open with a refused write', async () => {
    const { container, db } = await renderShell();
    await act(async () => {
      const sent = await sendFriendRequestByHandle({ db, userId: USER }, 'mia#4242');
      if (!sent.ok) throw new Error('not recorded');
      await refusePending(db, sent.value.key, 'SPF04', 'User not found');
    });
    const panel = await openPanel(container, '1 change not saved');
    await within(panel).findByText('Friend request to mia#4242');
    const result = await axe.run(document.body, {
      runOnly: [
        'aria-allowed-role',
        'button-name',
        'link-name',
        'list',
        'listitem',
        'heading-order',
        'aria-dialog-name',
      ],
    });
    expect(result.violations.flatMap((v) => v.nodes.map((n) => `${v.id}: ${n.failureSummary}`))).toEqual([]);
  });
});
