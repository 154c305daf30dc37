// Avatar and photo on /profile on a real database (RxDB on fake-indexeddb): picking an avatar is written
// locally at once and queued as one profile update (so it works offline); offline the photo upload says
// it needs a connection and nothing is sent; a failed upload keeps the picked file and shows the spec's
// 'Failed to update profile picture'. The real resize and upload run in the e2e (avatar-discover).
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { pendingEntries, readPending } from '@/db/pending-writes';
import { cleanupDatabases, openTestDatabase } from '../../../../test/support/browser/test-database';
import { ROWS, USER } from '../../../../test/support/browser/db-fixtures';
import { renderWithProviders } from '../../../../test/support/browser/render';
import type { PhotoStorage } from '../data/profile-picture';
import { AvatarSection } from './avatar-section';

afterEach(async () => {
  cleanup();
  vi.restoreAllMocks();
  await cleanupDatabases();
});

const SLOW = { timeout: 8000 };

function storage(): PhotoStorage & { calls: string[] } {
  const calls: string[] = [];
  return {
    calls,
    uploadAvatar: (blob: Blob) => {
      calls.push(`upload ${blob.type}`);
      return Promise.resolve({ ok: false, error: { code: '500', message: 'down', status: 500 } });
    },
    removeAvatar: (path: string) => {
      calls.push(`remove ${path}`);
      return Promise.resolve({ ok: true, data: { removed: true } });
    },
  };
}

async function renderSection(language?: 'de') {
  const db = await openTestDatabase({ userId: USER });
  await db.profiles.insert({ ...ROWS.profiles, avatar_id: null, profile_picture_url: null });
  const fake = storage();
  const profile = (await db.profiles.findOne(USER).exec())!.toMutableJSON();
  const rendered = renderWithProviders(
    <AvatarSection db={db} userId={USER} profile={profile} storage={fake} />,
    {
      ...(language ? { language } : {}),
    },
  );
  return { ...rendered, db, fake };
}

describe('avatar section', () => {
  it('picks avatar3: written locally at once and queued as one profile update', SLOW, async () => {
    const { db } = await renderSection();
    const section = await screen.findByRole('region', { name: 'Avatar and photo' });
    fireEvent.click(within(section).getByRole('button', { name: 'Avatar 3' }));
    await screen.findByText('Profile updated successfully!');
    expect((await db.profiles.findOne(USER).exec())?.avatar_id).toBe('avatar3');
    const entries = pendingEntries(await readPending(db));
    expect(entries.map((e) => e.request)).toEqual([
      { type: 'update', table: 'profiles', id: USER, values: { avatar_id: 'avatar3' } },
    ]);
  });

  it('offline: the upload says it needs a connection and is disabled; no request is made', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    window.dispatchEvent(new Event('offline'));
    const { fake } = await renderSection();
    const section = await screen.findByRole('region', { name: 'Avatar and photo' });
    expect(within(section).getByText(/Uploading or removing a photo needs a connection/)).toBeTruthy();
    expect(within(section).getByRole('button', { name: 'Upload photo' }).hasAttribute('disabled')).toBe(true);
    expect(fake.calls).toEqual([]);
  });

  it('a file that is not an image is refused before anything is sent', async () => {
    const { fake } = await renderSection();
    await screen.findByRole('region', { name: /Avatar/ });
    const input = document.querySelector<HTMLInputElement>('input[type="file"]')!;
    fireEvent.change(input, {
      target: { files: [new File(['<svg/>'], 'x.svg', { type: 'image/svg+xml' })] },
    });
    await screen.findByText('Choose an image file (JPEG, PNG, WebP or GIF) up to 25 MB.');
    expect(fake.calls).toEqual([]);
  });

  it('a failed upload says so in German and keeps the file for a retry', SLOW, async () => {
    // jsdom cannot decode images: the resize fails like a broken file would.
    await renderSection('de');
    await screen.findByRole('region', { name: /Avatar/ });
    const input = document.querySelector<HTMLInputElement>('input[type="file"]')!;
    fireEvent.change(input, {
      target: { files: [new File([new Uint8Array(8)], 'me.png', { type: 'image/png' })] },
    });
    await screen.findByText('Profilbild konnte nicht aktualisiert werden');
    await screen.findByText('Noch nicht hochgeladen: me.png');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Erneut versuchen' })).toBeTruthy());
  });
});
