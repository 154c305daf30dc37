// The installed app's platform touches in Chromium against the emulator: the unread count on the app icon
// (the Badging API, recorded by a stand-in for navigator.setAppBadge / clearAppBadge: headless Chromium
// has no app icon), and iOS Safari outside the Home Screen, where turning push on explains what to do first.
import { expect, it } from 'vitest';
import { describeInBrowser } from './support/browser';
import { untilServiceWorkerControls } from './support/service-worker-page';
import { accessToken, createUser, rpcAs, signInThroughForm } from './support/signed-in-app';
import { useAppWithEmulator } from './support/use-app';

const IPHONE_SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.4 Mobile/15E148 Safari/604.1';

/** Records the page's Badging API calls in `window.badgeCalls` (set before any app script runs). */
const RECORD_BADGE = `
  window.badgeCalls = [];
  navigator.setAppBadge = (n) => { window.badgeCalls.push('set ' + n); return Promise.resolve(); };
  navigator.clearAppBadge = () => { window.badgeCalls.push('clear'); return Promise.resolve(); };
`;

describeInBrowser('the installed app (production build, emulator)', () => {
  const harness = useAppWithEmulator();

  it('the app icon shows the unread count the bell shows, and clears when they are read', async () => {
    const { emulator } = harness.app;
    const me = await createUser(emulator, 'badger', { walkthrough_done_v1: true });
    const friend = await createUser(emulator, 'badgepal', { walkthrough_done_v1: true });
    await rpcAs(emulator, await accessToken(emulator, friend), 'send_friend_request', {
      p_receiver_id: me.id,
    });

    const { page } = await harness.device(undefined, { viewport: { width: 390, height: 844 } });
    await page.addInitScript(RECORD_BADGE);
    await signInThroughForm(page, me);
    const calls = () => page.evaluate(() => (window as unknown as { badgeCalls: string[] }).badgeCalls);
    await expect.poll(async () => (await calls()).at(-1), { timeout: 20_000 }).toBe('set 1');

    await page.goto('/notifications');
    await page.getByRole('button', { name: 'Mark all as read' }).click();
    await expect.poll(async () => (await calls()).at(-1), { timeout: 20_000 }).toBe('clear');
  });

  it('iOS Safari in a tab: turning push on explains to add Spotter to the Home Screen first', async () => {
    const me = await createUser(harness.app.emulator, 'iosuser', { walkthrough_done_v1: true });
    const { page } = await harness.device(undefined, {
      viewport: { width: 390, height: 844 },
      userAgent: IPHONE_SAFARI,
      isMobile: true,
      hasTouch: true,
    });
    await signInThroughForm(page, me);
    await page.goto('/settings');
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    await expect
      .poll(() => page.getByText(/add Spotter to your Home Screen first/).count(), { timeout: 20_000 })
      .toBe(1);
    expect(await page.getByTestId('push-toggle').count()).toBe(0);
  });

  it(
    'the home-screen shortcuts open their screens with the action ready, offline too',
    { timeout: 120_000 },
    async () => {
      const { emulator } = harness.app;
      const me = await createUser(emulator, 'shortcut', { walkthrough_done_v1: true });
      await rpcAs(emulator, await accessToken(emulator, me), 'set_home_gyms', {
        p_gym_ids: ['de-berlin-fitx-kreuzberg'],
      });
      // Offline, the app's requests fail as expected; an uncaught error never is.
      const { page, context } = await harness.device(() => [/^(?!uncaught)/], {
        viewport: { width: 390, height: 844 },
      });
      await signInThroughForm(page, me);
      await untilServiceWorkerControls(page);
      // The gym page once online, so its home gyms are on the device.
      await page.goto('/gym');
      await page.locator('[data-shortcut="checkin"]').waitFor({ timeout: 20_000 });
      const focused = () =>
        page.evaluate(() => document.activeElement?.getAttribute('data-shortcut') ?? null);

      await context.setOffline(true);
      try {
        await page.goto('/gym?do=checkin');
        await expect.poll(focused, { timeout: 20_000 }).toBe('checkin');
        expect(new URL(page.url()).search).toBe('');
        await page.goto('/home?do=rest');
        await expect.poll(focused, { timeout: 20_000 }).toBe('rest');
        await page.goto('/schedule?plan=1');
        await page.getByRole('dialog').waitFor({ timeout: 20_000 });
      } finally {
        await context.setOffline(false);
      }
    },
  );
});
