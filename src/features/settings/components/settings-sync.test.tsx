// @clock-sensitive: wall-clock timestamps
import type { User } from '@supabase/supabase-js';
import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { UserDataContext } from '@/sync/user-data-context';
import { ThemeToggle } from '@/components/theme-toggle';
import { updateSettings } from '@/db/commands/settings';
import { updateSyncMeta } from '@/db/local-state';
import { cleanupDatabases, openTestDatabase } from '../../../../test/support/browser/test-database';
import { USER } from '../../../../test/support/browser/db-fixtures';
import type { SpotterDatabase } from '@/db/types';
import { SyncWorkerClient } from '@/sync/sync-worker-client';
import { createTestI18n, renderWithProviders } from '../../../../test/support/browser/render';
import { SettingsSync } from './settings-sync';

afterEach(cleanupDatabases);

async function renderSync(db: SpotterDatabase, language: 'en' | 'de' = 'en') {
  const sync = new SyncWorkerClient(() => {
    throw new Error('no worker in component tests');
  });
  const user = { id: USER, email: 'lena@example.test', user_metadata: {} } as unknown as User;
  const i18n = createTestI18n(language);
  const rendered = renderWithProviders(
    <UserDataContext.Provider value={{ userId: USER, user, db, sync }}>
      <SettingsSync />
      <ThemeToggle />
    </UserDataContext.Provider>,
    { i18n },
  );
  await screen.findByRole('button', { name: /dark|light|dunkl|hell/i });
  return rendered;
}

const row = async (db: SpotterDatabase) => (await db.user_settings.findOne(USER).exec())?.toJSON();

describe('SettingsSync', () => {
  it('the row wins when it mounts (a fresh sign-in shows the account choices)', async () => {
    const db = await openTestDatabase({ userId: USER });
    await updateSettings({ db, userId: USER }, { theme: 'dark', language: 'de' });
    const { i18n } = await renderSync(db);
    await waitFor(() =>
      expect(document.documentElement).toHaveAttribute('data-mantine-color-scheme', 'dark'),
    );
    await waitFor(() => expect(i18n.resolvedLanguage).toBe('de'));
    expect(await row(db)).toMatchObject({ theme: 'dark', language: 'de' });
  });

  it('writes a theme flipped with the compact header toggle to the row', async () => {
    const db = await openTestDatabase({ userId: USER });
    await updateSettings({ db, userId: USER }, { theme: 'light', language: 'en' });
    const { user } = await renderSync(db);
    await user.click(screen.getByRole('button', { name: 'Switch to dark mode' }));
    await waitFor(async () => expect((await row(db))?.theme).toBe('dark'));
  });

  it('creates a missing row from this device only after the first full pull (none on the server either)', async () => {
    const db = await openTestDatabase({ userId: USER });
    await renderSync(db, 'de');
    // Before the pull the server may still have a row: nothing is written.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await row(db)).toBeUndefined();
    await act(async () => {
      await updateSyncMeta(db, { last_synced_at: '2026-11-22T08:00:00.000Z' });
    });
    await waitFor(async () => expect(await row(db)).toMatchObject({ theme: 'system', language: 'de' }));
  });

  it("a new device's first pull: the account's choices win over the device's detected language", async () => {
    // Two instances as in the app: the page's (rendered) and the sync worker's, which stores the pull.
    // The report that the pull is complete can reach the page before its live query has the row (seen in
    // Chromium). The exact interleaving is pinned in data/settings-writer.test.ts; this is the whole hook.
    const page = await openTestDatabase({ userId: USER, collections: ['user_settings'] });
    const worker = await openTestDatabase({
      userId: USER,
      collections: ['user_settings'],
      ignoreDuplicate: true,
    });
    const { i18n } = await renderSync(page, 'en');
    expect(document.documentElement).not.toHaveAttribute('data-mantine-color-scheme', 'dark');
    await act(async () => {
      const pulled = updateSettings({ db: worker, userId: USER }, { theme: 'dark', language: 'de' });
      await updateSyncMeta(page, { last_synced_at: new Date().toISOString() });
      await pulled;
    });
    await waitFor(() => expect(i18n.resolvedLanguage).toBe('de'));
    await waitFor(() =>
      expect(document.documentElement).toHaveAttribute('data-mantine-color-scheme', 'dark'),
    );
    // Settled: nothing this device showed before went to the row, and the screen still follows it.
    await act(() => new Promise((resolve) => setTimeout(resolve, 300)));
    expect(await row(worker)).toMatchObject({ theme: 'dark', language: 'de' });
    expect(i18n.resolvedLanguage).toBe('de');
    expect(document.documentElement).toHaveAttribute('data-mantine-color-scheme', 'dark');
  });
});
