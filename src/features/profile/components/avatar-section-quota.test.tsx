// The hourly upload quota (SPQ02, issue 34): a photo upload it refuses says why in the user's language,
// instead of the generic failure. The canvas resize, which jsdom has not, passes the file through.
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, it, vi } from 'vitest';
import { cleanupDatabases, openTestDatabase } from '../../../../test/support/browser/test-database';
import { ROWS, USER } from '../../../../test/support/browser/db-fixtures';
import { renderWithProviders } from '../../../../test/support/browser/render';
import type { PhotoStorage } from '../data/profile-picture';
import { AvatarSection } from './avatar-section';

// Modules of its own, not the graph other component files in this worker share (isolate: false,
// vitest.config.ts): its subject must import the mocked resize-photo.
vi.hoisted(() => vi.resetModules());

vi.mock('../data/resize-photo', () => ({ resizePhoto: (file: Blob) => Promise.resolve(file) }));

afterEach(async () => {
  cleanup();
  await cleanupDatabases();
});

const quotaStorage: PhotoStorage = {
  uploadAvatar: () =>
    Promise.resolve({
      ok: false,
      error: { code: 'SPQ02', message: 'SPQ02: At most 30 uploads an hour', status: 403 },
    }),
  removeAvatar: () => Promise.resolve({ ok: true, data: { removed: true } }),
};

describe('avatar section: upload quota', () => {
  it.each([
    ['en', 'You have changed your picture many times this hour.'],
    ['de', 'Du hast dein Bild in dieser Stunde schon sehr oft geändert.'],
    ['it', "Hai cambiato l'immagine molte volte in quest'ora."],
  ] as const)('says so in %s', { timeout: 8000 }, async (language, text) => {
    const db = await openTestDatabase({ userId: USER });
    await db.profiles.insert({ ...ROWS.profiles, avatar_id: null, profile_picture_url: null });
    const profile = (await db.profiles.findOne(USER).exec())!.toMutableJSON();
    renderWithProviders(<AvatarSection db={db} userId={USER} profile={profile} storage={quotaStorage} />, {
      language,
    });
    await screen.findByRole('region');
    const input = document.querySelector<HTMLInputElement>('input[type="file"]')!;
    fireEvent.change(input, {
      target: { files: [new File([new Uint8Array(8)], 'me.png', { type: 'image/png' })] },
    });
    await screen.findByText(new RegExp(text.replace(/[.?]/g, '\\$&')));
  });
});
