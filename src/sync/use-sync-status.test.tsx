// The screens' hooks in jsdom with real RxDB (fake-indexeddb) behind UserDataContext: useSyncStatus shows a
// local write as pending at once; useOnlineQuery fetches once per fresh key and shares the answer.
import 'fake-indexeddb/auto';
import type { User } from '@supabase/supabase-js';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import type { RpcResult } from '../../sync-worker/api';
import { UserDataContext } from '@/sync/user-data-context';
import { planWorkout } from '@/db/commands/workouts';
import { cleanupDatabases, openTestDatabase, userIdOf } from '../../test/support/browser/test-database';
import type { SpotterDatabase } from '@/db/types';
import { OnlineQueryClient } from './online-query';
import { SyncWorkerClient } from './sync-worker-client';
import { useOnlineQuery } from './use-online-query';
import { useSyncStatus } from './use-sync-status';

afterEach(async () => {
  await cleanupDatabases();
});

function withUser(db: SpotterDatabase, children: ReactNode) {
  const userId = userIdOf(db);
  // Never started: the worker is created on the first sign-in, which these tests do not need.
  const sync = new SyncWorkerClient(
    () => {
      throw new Error('no worker in component tests');
    },
    { url: 'http://127.0.0.1:9', anonKey: 'anon' },
  );
  const user = { id: userId } as User;
  return <UserDataContext.Provider value={{ userId, user, db, sync }}>{children}</UserDataContext.Provider>;
}

function Indicator() {
  const { status, worker } = useSyncStatus();
  if (!status) return <p>loading</p>;
  return (
    <p>
      {status.state}: {status.pendingWrites} pending, {status.queuedRequests} queued, worker {worker.state}
    </p>
  );
}

describe('useSyncStatus', () => {
  it('shows a local write as pending at once', async () => {
    const db = await openTestDatabase();
    render(withUser(db, <Indicator />));
    await screen.findByText('synced: 0 pending, 0 queued, worker idle');
    await act(async () => {
      const planned = await planWorkout(
        { db, userId: userIdOf(db) },
        { type: 'strength', date: '2026-11-22' },
      );
      expect(planned.ok).toBe(true);
    });
    await screen.findByText('pending: 1 pending, 0 queued, worker idle');
  });
});

describe('useOnlineQuery', () => {
  it('fetches a key once while fresh, shares it between components and refetches on demand', async () => {
    const db = await openTestDatabase();
    const calls: string[] = [];
    const client = new OnlineQueryClient({
      call: async (name, args): Promise<RpcResult> => {
        calls.push(`${name}:${JSON.stringify(args)}`);
        return { ok: true, data: [{ username: `mia${calls.length}` }] };
      },
    });
    function People({ label }: { label: string }) {
      const query = useOnlineQuery<{ username: string }[]>('discover_people', { p_search: 'mi' }, { client });
      if (query.loading) return <p>{label} loading</p>;
      return (
        <>
          <p>
            {label}: {query.data?.map((p) => p.username).join(', ')}
          </p>
          <button type="button" onClick={() => void query.refetch()}>
            refetch {label}
          </button>
        </>
      );
    }
    render(
      withUser(
        db,
        <>
          <People label="a" />
          <People label="b" />
        </>,
      ),
    );
    await screen.findByText('a: mia1');
    await screen.findByText('b: mia1');
    expect(calls).toEqual(['discover_people:{"p_search":"mi"}']);
    fireEvent.click(screen.getByRole('button', { name: 'refetch a' }));
    await waitFor(() => expect(screen.getByText('a: mia2')).toBeInTheDocument());
    expect(calls).toHaveLength(2);
  });
});
