// @clock-sensitive: the zone's day boundary
import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { updateProfile } from '@/db/commands/profile';
import { cleanupDatabases, openTestDatabase } from '../../../../test/support/browser/test-database';
import { ROWS, USER } from '../../../../test/support/browser/db-fixtures';
import { renderWithProviders } from '../../../../test/support/browser/render';
import { DayBoundaryNote } from './day-boundary-note';

afterEach(cleanupDatabases);

async function renderNote(device: string, language: 'en' | 'de' | 'it' = 'en', follow = false) {
  const db = await openTestDatabase({ userId: USER, collections: ['profiles'] });
  await db.profiles.insert(ROWS.profiles); // Europe/Berlin
  if (follow) expect((await updateProfile({ db, userId: USER }, { timezone: device })).ok).toBe(true);
  const zone = (await db.profiles.findOne(USER).exec())!.timezone!;
  renderWithProviders(<DayBoundaryNote db={db} userId={USER} zone={zone} readDeviceZone={() => device} />, {
    language,
  });
}

/** Waits for the note to read `text`: the pending change it names comes from its own live value. */
async function expectNote(text: string) {
  await waitFor(() => expect(screen.getByTestId('schedule-day-boundary').textContent).toBe(text));
}

describe('DayBoundaryNote', () => {
  it("says where days end when the profile's zone is the device's", async () => {
    await renderNote('Europe/Berlin');
    await expectNote("Days end at midnight in Europe/Berlin (your device's zone).");
  });

  it('while the new zone waits for the server, names the zone the streak still follows', async () => {
    await renderNote('America/New_York', 'en', true);
    await expectNote(
      "Days end at midnight in America/New York (your device's zone) once this change is synced; until then your streak follows Europe/Berlin.",
    );
  });

  it("names both zones before the profile follows the device's", async () => {
    await renderNote('Asia/Tokyo', 'de');
    await expectNote(
      'Tage enden um Mitternacht in Europe/Berlin (die Zeitzone deines Profils); dieses Gerät ist in Asia/Tokyo.',
    );
  });

  it('Italian', async () => {
    await renderNote('Europe/Berlin', 'it');
    await expectNote(
      'I giorni finiscono a mezzanotte in Europe/Berlin (il fuso orario del tuo dispositivo).',
    );
  });
});
