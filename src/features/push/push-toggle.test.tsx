import type { User } from '@supabase/supabase-js';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { UserDataContext } from '@/sync/user-data-context';
import { USER } from '../../../test/support/browser/db-fixtures';
import { cleanupDatabases, openTestDatabase } from '../../../test/support/browser/test-database';
import type { Language } from '@/domain/language';
import { SyncWorkerClient } from '@/sync/sync-worker-client';
import { renderWithProviders } from '../../../test/support/browser/render';
import type * as PushSubscriptionModule from './push-subscription';
import { PushToggle } from './push-toggle';

// Modules of its own, not the graph other component files in this worker share (isolate: false,
// vitest.config.ts): its subject must import the mocked push-subscription and data client.
vi.hoisted(() => vi.resetModules());

// The settings push switch when the server refuses this browser's push service (SPP01: not https on a
// public host; enablePush answers 'refused', test/integration/push/enable-push.test.ts shows that against
// the emulator). jsdom has no push service, so the subscription step is the one stand-in here; the
// switch, its message and the user's settings database are real.
vi.mock('./push-subscription', async (original) => ({
  ...(await original<typeof PushSubscriptionModule>()),
  currentSubscription: () => Promise.resolve(null),
  enablePush: () => Promise.resolve({ ok: false, reason: 'refused' }),
}));
vi.mock('@/lib/auth/data-client', () => ({ getDataClient: () => ({}) }));

const user = { id: USER, email: 'lena@example.test', user_metadata: {} } as unknown as User;

beforeEach(() => {
  vi.stubGlobal('Notification', {
    permission: 'granted',
    requestPermission: () => Promise.resolve('granted'),
  });
  vi.stubGlobal('PushManager', class {});
  Object.defineProperty(navigator, 'serviceWorker', { value: {}, configurable: true });
});
afterEach(async () => {
  vi.unstubAllGlobals();
  Reflect.deleteProperty(navigator, 'serviceWorker');
  await cleanupDatabases();
});

async function renderToggle(language: Language) {
  const db = await openTestDatabase({ userId: USER, collections: ['user_settings'] });
  const sync = new SyncWorkerClient(() => {
    throw new Error('the test never starts a worker');
  });
  return renderWithProviders(
    <UserDataContext.Provider value={{ userId: USER, user, db, sync }}>
      <PushToggle />
    </UserDataContext.Provider>,
    { language },
  );
}

describe('PushToggle', () => {
  it.each([
    ['en', 'Push notifications', "This browser's push service is at an address Spotter does not send to"],
    ['de', 'Push-Benachrichtigungen', 'Der Push-Dienst dieses Browsers liegt an einer Adresse'],
  ] as const)(
    '[%s] a push service the server refuses: the switch stays off and says why',
    async (language, label, text) => {
      const { user: ui } = await renderToggle(language);
      const toggle = await screen.findByRole('switch', { name: new RegExp(`^${label}`) });
      await waitFor(() => expect(toggle).toBeEnabled());
      await ui.click(toggle);
      expect(await screen.findByRole('alert')).toHaveTextContent(text);
      expect(toggle).not.toBeChecked();
    },
  );
});
