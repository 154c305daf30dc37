// The writer against real RxDB on fake-indexeddb, with two instances of the user's database as in the app:
// the page's (which writes) and the sync worker's (which stores what the pull brings). The page learns of
// the worker's writes a moment later (BroadcastChannel), so right after a pull its own view of the row
// can still say "no row".
import { afterEach, describe, expect, it } from 'vitest';
import { updateSettings } from '@/db/commands/settings';
import { cleanupDatabases, openTestDatabase } from '../../../../test/support/browser/test-database';
import { USER } from '../../../../test/support/browser/db-fixtures';
import type { SpotterDatabase } from '@/db/types';
import { writeSettings } from './settings-writer';

afterEach(cleanupDatabases);

async function realms(): Promise<{ page: SpotterDatabase; worker: SpotterDatabase }> {
  const page = await openTestDatabase({ userId: USER, collections: ['user_settings'] });
  const worker = await openTestDatabase({
    userId: USER,
    collections: ['user_settings'],
    ignoreDuplicate: true,
  });
  // The page has looked at the row (the settings hook's live query): none yet.
  expect(await page.user_settings.findOne(USER).exec()).toBeNull();
  return { page, worker };
}

const stored = async (db: SpotterDatabase) => (await db.user_settings.findOne(USER).exec())?.toJSON();

describe('writeSettings', () => {
  it("never overwrites the synced row with this device's seed when the page has not seen the pull yet", async () => {
    const { page, worker } = await realms();
    // The first pull on a new device stores the row another device wrote (dark, German) ...
    await updateSettings({ db: worker, userId: USER }, { theme: 'dark', language: 'de' });
    // ... and the page, told the pull is complete, creates the row from what this English device shows.
    const result = await writeSettings({ db: page, userId: USER }, {}, { theme: 'system', language: 'en' });
    expect(result).toMatchObject({ ok: true, value: { theme: 'dark', language: 'de' } });
    expect(await stored(worker)).toMatchObject({ theme: 'dark', language: 'de' });
    expect(await stored(page)).toMatchObject({ theme: 'dark', language: 'de' });
  });

  it('applies only the patch to a row the page has not seen yet, never the seed', async () => {
    const { page, worker } = await realms();
    await updateSettings({ db: worker, userId: USER }, { theme: 'dark', language: 'de' });
    await writeSettings({ db: page, userId: USER }, { language: 'it' }, { theme: 'light', language: 'it' });
    expect(await stored(page)).toMatchObject({ theme: 'dark', language: 'it' });
    await expect.poll(() => stored(worker)).toMatchObject({ theme: 'dark', language: 'it' });
  });

  it("creates a missing row from this device's choices", async () => {
    const { page, worker } = await realms();
    await writeSettings({ db: page, userId: USER }, {}, { theme: 'dark', language: 'de' });
    await writeSettings({ db: page, userId: USER }, { theme: 'light' }, { theme: 'system', language: 'en' });
    expect(await stored(page)).toMatchObject({ theme: 'light', language: 'de' });
    await expect.poll(() => stored(worker)).toMatchObject({ theme: 'light', language: 'de' });
  });
});
