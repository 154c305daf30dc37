// The storage notices through the app's real providers, toast host and locale files, on real RxDB over
// fake-indexeddb with a full disk injected below RxDB's storage. The sync worker's `rpc` is the one
// stand-in: its push reaching the server is test/e2e/storage-pressure.test.ts.
import 'fake-indexeddb/auto';
import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ROWS, USER } from '../../../test/support/browser/db-fixtures';
import { cleanupDatabases, openTestDatabase, testStorage } from '../../../test/support/browser/test-database';
import { isQuotaExceeded } from '@/db/storage-health/quota-error';
import { fullDiskStorage } from '../../../test/support/browser/full-disk';
import { renderWithProviders } from '../../../test/support/browser/render';
import { StorageNotices } from './storage-notices';

afterEach(async () => {
  await cleanupDatabases();
});

describe('storage notices', () => {
  it('say in German that a workout was saved online only, and send it', async () => {
    let full = false;
    const db = await openTestDatabase({
      userId: USER,
      collections: ['workouts'],
      storage: fullDiskStorage(testStorage(), () => full),
    });
    const sent: string[] = [];
    const sync = {
      rpc: (name: string) => {
        sent.push(name);
        return Promise.resolve({ ok: true as const, data: { conflicts: [], rejected: [] } });
      },
    };
    renderWithProviders(
      <>
        <p>page</p>
        <StorageNotices db={db} sync={sync} />
      </>,
      { language: 'de' },
    );
    await screen.findByText('page');
    full = true;
    await act(async () => {
      await expect(db.workouts.insert(ROWS.workouts)).rejects.toSatisfy(isQuotaExceeded);
    });
    expect(
      await screen.findByText(/Deine Änderung wurde online gespeichert, aber nicht auf diesem Gerät/),
    ).toBeInTheDocument();
    expect(screen.getByText('Kein Speicherplatz mehr auf diesem Gerät')).toBeInTheDocument();
    expect(sent).toEqual(['push_workouts']);
  });

  it('say in Italian that the browser cleared the offline data, and drop the note so it is said once', async () => {
    const db = await openTestDatabase({ userId: USER, collections: ['workouts'] });
    // This browser noted another database (since cleared) as the one holding the user's synced data.
    localStorage.setItem(`spotter.local-data.${db.name}`, 'token-of-the-cleared-database');
    const sync = {
      rpc: () => Promise.resolve({ ok: false as const, error: { code: 'unused', message: '', status: 0 } }),
    };
    renderWithProviders(<StorageNotices db={db} sync={sync} />, { language: 'it' });
    expect(
      await screen.findByText(
        'I tuoi dati offline sono stati cancellati dal browser; li stiamo scaricando di nuovo.',
      ),
    ).toBeInTheDocument();
    expect(localStorage.getItem(`spotter.local-data.${db.name}`)).toBeNull();
  });
});
