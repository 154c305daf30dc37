import type { User } from '@supabase/supabase-js';
import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { UserDataContext } from '@/app/user-data/user-data-context';
import { ThemeToggle } from '@/components/theme-toggle';
import { updateSettings } from '@/db/commands/settings';
import { updateSyncMeta } from '@/db/local-state';
import { cleanupDatabases, openTestDatabase } from '@/db/test-support';
import { USER } from '@/db/test-fixtures';
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
});
