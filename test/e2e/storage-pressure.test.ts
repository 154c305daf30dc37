// Storage pressure end to end (issue 17): the production build in Chromium against a fresh emulator.
// - A full disk: DevTools gives the origin a quota it has already used up; a workout planned then cannot
//   be stored on the device, the user is told so in words, and the workout reaches the server online.
// - An evicted database: DevTools clears the origin's IndexedDB (as storage pressure, the user or
//   Safari's 7-day rule would); on reload the user is told once and the data comes back from the server.
import type { BrowserContext, CDPSession, Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { describeInBrowser } from './support/browser';
import { createUser, eventually, signInThroughForm, type TestUser } from './support/signed-in-app';
import { dayPanelShows, selectedDay } from './support/sync-user';
import { useAppWithEmulator } from './support/use-app';

const SAVED_ONLINE = 'Your change was saved online but not on this device.';
const EVICTED = 'Your offline data was cleared by the browser; it is being downloaded again.';

describeInBrowser('storage pressure (production build, emulator)', () => {
  const harness = useAppWithEmulator();
  let expected: RegExp[] = [];

  const serverWorkouts = (userId: string) =>
    harness.rows<{ preset: string }>('select preset from public.workouts where user_id = $1', [userId]);

  /** The page noted (localStorage) that this device holds the user's synced data. */
  const holdsSyncedData = (page: Page) =>
    eventually(
      async () =>
        (await page.evaluate(() =>
          Object.keys(localStorage).some((key) => key.startsWith('spotter.local-data.')),
        ))
          ? true
          : undefined,
      30_000,
    );

  async function signedInDevice(
    name: string,
  ): Promise<{ me: TestUser; context: BrowserContext; page: Page }> {
    const me = await createUser(harness.app.emulator, name, { walkthrough_done_v1: true });
    const device = await harness.device(() => expected);
    await signInThroughForm(device.page, me);
    await holdsSyncedData(device.page);
    return { me, context: device.context, page: device.page };
  }

  async function planLegDay(page: Page): Promise<string> {
    await page.goto('/schedule');
    const day = await selectedDay(page);
    await page.getByRole('button', { name: 'Plan workout' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Plan a workout' });
    await dialog.getByRole('button', { name: /Leg day/ }).click();
    await dialog.getByRole('button', { name: 'Plan workout' }).click();
    return day;
  }

  /** A small write to a database of its own: true once the browser refuses it for the quota. */
  const probeQuota = () =>
    new Promise<true | undefined>((resolve) => {
      const open = indexedDB.open('quota-probe', 1);
      open.onupgradeneeded = () => open.result.createObjectStore('probe');
      open.onerror = () => resolve(open.error?.name === 'QuotaExceededError' ? true : undefined);
      open.onsuccess = () => {
        const db = open.result;
        const tx = db.transaction('probe', 'readwrite');
        tx.objectStore('probe').put(new Date().toISOString(), 'written');
        tx.oncomplete = () => {
          db.close();
          resolve(undefined);
        };
        tx.onabort = () => {
          db.close();
          resolve(tx.error?.name === 'QuotaExceededError' ? true : undefined);
        };
      };
    });

  const origin = () => new URL(harness.app.baseUrl).origin;

  it('a full disk: the user is told, and a planned workout reaches the server online', async () => {
    const { me, context, page } = await signedInDevice('full_disk');
    const cdp: CDPSession = await context.newCDPSession(page);
    const { usage } = (await cdp.send('Storage.getUsageAndQuota', { origin: origin() })) as { usage: number };
    // Less than the origin holds already: every IndexedDB write fails from now on.
    await cdp.send('Storage.overrideQuotaForOrigin', { origin: origin(), quotaSize: Math.floor(usage / 2) });
    // The failed writes are logged by the app and RxDB; they are what this test provokes.
    expected = [/QuotaExceeded|quota/i];
    try {
      // IndexedDB keeps the space it was last granted for up to 30 s (Chromium's bucket space cache):
      // wait until a write of this origin is refused.
      await eventually(() => page.evaluate(probeQuota), 60_000);
      await planLegDay(page);
      await page.getByText(SAVED_ONLINE).waitFor({ timeout: 30_000 });
      await page.getByText('This device is out of storage').first().waitFor();
      const titles = await eventually(async () => {
        const rows = await serverWorkouts(me.id);
        return rows.length > 0 ? rows.map((r) => r.preset) : undefined;
      });
      expect(titles).toEqual(['leg_day']);
    } finally {
      await cdp.send('Storage.overrideQuotaForOrigin', { origin: origin() });
      expected = [];
    }
  });

  it('an evicted database: the user is told once on reload, and the data comes back from the server', async () => {
    const { me, context, page } = await signedInDevice('evicted');
    const day = await planLegDay(page);
    await eventually(async () => ((await serverWorkouts(me.id)).length === 1 ? true : undefined));

    const cdp = await context.newCDPSession(page);
    // The browser clears the site's IndexedDB; localStorage (where the app noted its data) stays.
    await page.goto('/login');
    await cdp.send('Storage.clearDataForOrigin', { origin: origin(), storageTypes: 'indexeddb' });
    await page.goto('/schedule');
    await page.getByText(EVICTED).waitFor({ timeout: 30_000 });
    await dayPanelShows(page, day, 'Leg day');
    // Said once: the next start of this device has its data again and says nothing.
    await holdsSyncedData(page);
    await page.reload();
    await dayPanelShows(page, day, 'Leg day');
    expect(await page.getByText(EVICTED).count()).toBe(0);
  });
});
