// Test-only (imported by the shell's *.test.tsx): the shell around a page, on a real RxDB database
// (fake-indexeddb) with the user's rows, a real SyncWorkerClient that was never started (its syncNow
// resolves at once; tests spy on it), and a memory router whose splat route answers every path.
import type { User } from '@supabase/supabase-js';
import { screen } from '@testing-library/react';
import { openTestDatabase } from './test-database';
import { ROWS, USER } from './db-fixtures';
import type { SpotterDatabase } from '@/db/types';
import type { Language } from '@/domain/language';
import { SyncWorkerClient } from '@/sync/sync-worker-client';
import { renderWithProviders } from './render';
import { UserDataContext } from '../../../src/sync/user-data-context';
import { AppShell } from '../../../src/app/shell/app-shell';

export interface ShellHarnessOptions {
  route?: string;
  language?: Language;
  /** Seed the user's profile row (default true). */
  withProfile?: boolean;
  /** Unread notifications to insert. */
  unread?: number;
  /** Pending incoming friend requests to insert. */
  pendingRequests?: number;
}

/** The fixture profile with the level its 415 XP gives (level 2), so profile and progression agree. */
export const SHELL_PROFILE = { ...ROWS.profiles, level: 2 };

export async function openShellDatabase(options: ShellHarnessOptions = {}): Promise<SpotterDatabase> {
  const db = await openTestDatabase({ userId: USER });
  if (options.withProfile ?? true) await db.profiles.insert(SHELL_PROFILE);
  const unread = Array.from({ length: options.unread ?? 0 }, (_, i) => ({
    ...ROWS.notifications,
    id: `n-${i}`,
    created_at: `2026-11-20T08:00:${String(i).padStart(2, '0')}+00:00`,
  }));
  if (unread.length > 0) await db.notifications.bulkInsert(unread);
  const requests = Array.from({ length: options.pendingRequests ?? 0 }, (_, i) => ({
    ...ROWS.friend_requests,
    id: `r-${i}`,
    sender_id: `0192f3a4-0000-7000-8000-${String(100 + i).padStart(12, '0')}`,
  }));
  if (requests.length > 0) await db.friend_requests.bulkInsert(requests);
  return db;
}

export async function renderShell(options: ShellHarnessOptions = {}) {
  const db = await openShellDatabase(options);
  const sync = new SyncWorkerClient(() => {
    throw new Error('the harness never starts a worker');
  });
  const user = { id: USER, email: 'lena@example.test', user_metadata: {} } as unknown as User;
  const rendered = renderWithProviders(
    <UserDataContext.Provider value={{ userId: USER, user, db, sync }}>
      <AppShell>
        <h1>Page</h1>
      </AppShell>
    </UserDataContext.Provider>,
    { route: options.route ?? '/home', ...(options.language ? { language: options.language } : {}) },
  );
  await screen.findByRole('heading', { name: 'Page' });
  return { ...rendered, db, sync };
}

/** The part of the shell marked `data-shell-part="<part>"` (jsdom applies no media queries: all render). */
export function shellPart(container: HTMLElement, part: string): HTMLElement {
  const element = container.querySelector<HTMLElement>(`[data-shell-part="${part}"]`);
  if (!element) throw new Error(`no shell part ${part}`);
  return element;
}
