// Discover people on /profile with a real database (RxDB on fake-indexeddb) and the server's answer given
// to the sync handle: rows show handle (a link to /p/{id}), level and Add friend; Add friend records one
// queued add_friend_by_handle intent and shows the row as sent; offline it says discovery needs a
// connection. The server's order and visibility are tested in test/integration/db/discover-people.test.ts.
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { pendingEntries, readPending } from '@/db/pending-writes';
import { cleanupDatabases, openTestDatabase } from '../../../../test/support/browser/test-database';
import { ROWS, USER } from '../../../../test/support/browser/db-fixtures';
import { renderWithProviders } from '../../../../test/support/browser/render';
import { DiscoverSection } from './discover-section';

afterEach(async () => {
  cleanup();
  vi.restoreAllMocks();
  await cleanupDatabases();
});

const PEOPLE = [
  {
    id: '0192c5a0-0000-7000-8000-00000000aaaa',
    username: '<b>Mia</b>',
    discriminator: '0042',
    avatar_id: 'avatar2',
    profile_picture_url: null,
    level: 7,
    friendship_status: 'none',
  },
  {
    id: '0192c5a0-0000-7000-8000-00000000bbbb',
    username: 'Jo',
    discriminator: '0007',
    avatar_id: null,
    profile_picture_url: null,
    level: 3,
    friendship_status: 'request_sent',
  },
];

async function renderDiscover() {
  const db = await openTestDatabase({ userId: USER });
  await db.profiles.insert(ROWS.profiles);
  const calls: [string, Record<string, unknown>][] = [];
  // A new handle per render: the page's online-query cache is per sync handle.
  const sync = {
    rpc: (name: string, args: Record<string, unknown> = {}) => {
      calls.push([name, args]);
      return Promise.resolve({ ok: true as const, data: PEOPLE });
    },
    syncNow: () => Promise.resolve(),
  };
  renderWithProviders(<DiscoverSection db={db} userId={USER} sync={sync} />, { route: '/profile' });
  const section = await screen.findByRole('region', { name: 'Discover people' });
  return { db, calls, section };
}

describe('discover section', () => {
  it('lists people with handle, level and a link to their profile; markup stays text', async () => {
    const { calls, section } = await renderDiscover();
    const link = await within(section).findByRole('link', { name: '<b>Mia</b>#0042' });
    expect(link.getAttribute('href')).toBe('/p/0192c5a0-0000-7000-8000-00000000aaaa');
    expect(within(section).getByText('Level 7')).toBeTruthy();
    expect(section.querySelector('b')).toBeNull();
    // Jo already has my request: no second button.
    expect(within(section).getAllByText('Request sent')).toHaveLength(1);
    expect(calls[0]).toEqual(['discover_people', { p_limit: 20, p_offset: 0, p_search: null }]);
  });

  it('Add friend records one queued request by handle and shows it as sent', { timeout: 8000 }, async () => {
    const { db, section } = await renderDiscover();
    fireEvent.click(await within(section).findByRole('button', { name: 'Add <b>Mia</b>#0042 as a friend' }));
    await screen.findByText('Friend request sent!');
    expect(within(section).getAllByText('Request sent')).toHaveLength(2);
    const requests = pendingEntries(await readPending(db)).map((e) => e.request);
    expect(requests).toHaveLength(1);
    expect(requests[0]).toMatchObject({ type: 'rpc', fn: 'add_friend_by_handle' });
    const args = requests[0]?.type === 'rpc' ? requests[0].args : {};
    expect(args.p_handle).toBe('<b>Mia</b>#0042');
    expect(typeof args.p_id).toBe('string');
  });

  it('offline: says discovery needs a connection', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const { section } = await renderDiscover();
    expect(within(section).getByText('Discovering people needs a connection.')).toBeTruthy();
  });
});
