import type { User } from '@supabase/supabase-js';
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { UserDataContext } from '@/sync/user-data-context';
import { updateSettings } from '@/db/commands/settings';
import { cleanupDatabases, openTestDatabase } from '../../../../test/support/browser/test-database';
import { USER } from '../../../../test/support/browser/db-fixtures';
import type { SpotterDatabase } from '@/db/types';
import { getFeedbackPreferences, resetFeedbackPreferences } from '@/lib/feedback';
import { SyncWorkerClient } from '@/sync/sync-worker-client';
import { renderWithProviders } from '../../../../test/support/browser/render';
import { SettingsPage } from './settings-page';
import { SettingsSync } from './settings-sync';

afterEach(async () => {
  resetFeedbackPreferences();
  await cleanupDatabases();
});

async function renderSettings(options: { withSync?: boolean } = {}) {
  const db = await openTestDatabase({ userId: USER });
  // A real client that is never started: export_my_data answers `not_started` (the e2e test exports).
  const sync = new SyncWorkerClient(() => {
    throw new Error('no worker in component tests');
  });
  const user = { id: USER, email: 'lena@example.test', user_metadata: {} } as unknown as User;
  const rendered = renderWithProviders(
    <UserDataContext.Provider value={{ userId: USER, user, db, sync }}>
      {options.withSync && <SettingsSync />}
      <SettingsPage />
    </UserDataContext.Provider>,
    { route: '/settings' },
  );
  await screen.findByRole('heading', { level: 1, name: 'Settings' });
  return { ...rendered, db };
}

const row = async (db: SpotterDatabase) => (await db.user_settings.findOne(USER).exec())?.toJSON();

describe('settings page', () => {
  it('renders every section with labelled controls, the version and the legal links', async () => {
    await renderSettings();
    for (const name of [
      'Appearance',
      'Feedback',
      'Two-factor authentication',
      'Account',
      'Your data',
      'About',
    ]) {
      expect(screen.getByRole('region', { name })).toBeInTheDocument();
    }
    expect(screen.getByRole('radiogroup', { name: 'Theme' })).toBeInTheDocument();
    expect(screen.getByRole('radiogroup', { name: 'Language' })).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: 'Haptics' })).toBeChecked();
    expect(screen.getByRole('switch', { name: 'Sound' })).toBeChecked();
    const changePassword = screen.getByRole('button', { name: 'Change password' });
    expect(changePassword).toBeDisabled();
    expect(changePassword).toHaveAccessibleDescription('Coming soon');
    expect(screen.getByRole('button', { name: 'Sign out' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Export my data' })).toBeEnabled();
    expect(screen.getByText('Spotter v1.0.0')).toBeInTheDocument();
    const legal = screen.getByRole('navigation', { name: 'Legal' });
    expect(within(legal).getByRole('link', { name: 'Legal notice' })).toHaveAttribute('href', '/impressum');
    expect(within(legal).getByRole('link', { name: 'Privacy policy' })).toHaveAttribute(
      'href',
      '/datenschutz',
    );
    expect(within(legal).getByRole('link', { name: 'Terms of use' })).toHaveAttribute('href', '/terms');
    // No session in a component test: the two-factor status cannot load and says so.
    expect(await screen.findByText(/two-factor settings could not be loaded/)).toBeInTheDocument();
  });

  it('theme, haptics and sound write the user_settings row through the settings command', async () => {
    const { user, db } = await renderSettings();
    expect(screen.getByRole('radio', { name: 'System' })).toBeChecked();
    await user.click(screen.getByRole('radio', { name: 'Dark' }));
    await waitFor(async () => expect((await row(db))?.theme).toBe('dark'));
    expect(document.documentElement).toHaveAttribute('data-mantine-color-scheme', 'dark');
    // The row was created with this device's language, not reset to a default.
    expect(await row(db)).toMatchObject({ id: USER, user_id: USER, language: 'en', haptics_enabled: true });

    await user.click(screen.getByRole('switch', { name: 'Haptics' }));
    await waitFor(async () => expect((await row(db))?.haptics_enabled).toBe(false));
    expect(getFeedbackPreferences().haptics).toBe(false);
    await user.click(screen.getByRole('switch', { name: 'Sound' }));
    await waitFor(async () => expect((await row(db))?.sound_enabled).toBe(false));
    // The switch follows the row through a live query: it may render a moment after the write.
    await waitFor(() => expect(screen.getByRole('switch', { name: 'Sound' })).not.toBeChecked());
    // Every write is recorded for the sync worker to push.
    const pending = await db.getLocal<{ entries: Record<string, unknown> }>('pending_writes');
    expect(JSON.stringify(pending?.toJSON().data ?? {})).toContain('user_settings');
  });

  it('language switches the page and is written to the row', async () => {
    const { user, db, i18n } = await renderSettings();
    await user.click(screen.getByRole('radio', { name: 'Deutsch' }));
    await screen.findByRole('heading', { level: 1, name: 'Einstellungen' });
    expect(i18n.resolvedLanguage).toBe('de');
    await waitFor(async () => expect((await row(db))?.language).toBe('de'));
  });

  it('SettingsSync applies a row changed elsewhere (another device) and feeds the feedback flags', async () => {
    const { db } = await renderSettings({ withSync: true });
    await act(async () => {
      await updateSettings({ db, userId: USER }, { theme: 'dark', language: 'it', sound_enabled: false });
    });
    await screen.findByRole('heading', { level: 1, name: 'Impostazioni' });
    await waitFor(() =>
      expect(document.documentElement).toHaveAttribute('data-mantine-color-scheme', 'dark'),
    );
    expect(screen.getByRole('radio', { name: 'Scuro' })).toBeChecked();
    expect(getFeedbackPreferences()).toEqual({ haptics: true, sound: false });
  });

  it('export says it needs a connection when the browser is offline', async () => {
    const { user } = await renderSettings();
    Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => false });
    try {
      await user.click(screen.getByRole('button', { name: 'Export my data' }));
      expect(await screen.findByText(/Exporting needs a connection/)).toBeInTheDocument();
    } finally {
      // Back to jsdom's own getter on the prototype.
      delete (navigator as { onLine?: boolean }).onLine;
    }
  });
});
