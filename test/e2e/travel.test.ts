// @clock-sensitive: today in three zones, streaks
// A trip Berlin -> New York -> Tokyo in Chromium (issue 13, "Time zones and travel"): the profile's zone
// follows the browser's (src/lib/device-zone.ts), /schedule says where days end, and after each
// change of zone the streak the app shows equals the server's (one workout planned for today in Berlin:
// streak 1 all the way, never broken or doubled by the travel). The zone changes mid-journey through CDP
// (Emulation.setTimezoneOverride), as a phone's clock would: New York with a reload, Tokyo without one (the
// page regains focus). Dates come from the clock: CI runs this at
// today in Pacific/Kiritimati too (the process's TZ; the browser's zone here is the CDP override).
import type { CDPSession, Page } from 'playwright-core';
import { beforeAll, expect, it } from 'vitest';
import { todayIn } from '../../src/domain/dates';
import type { Emulator } from '../../supabase/emulator/src/start-emulator';
import { describeInBrowser } from './support/browser';
import { confirmedUser, signIn } from './support/home-app';
import { eventually, serviceApi, type ServiceApi } from './support/schedule-api';
import { useAppWithEmulator } from './support/use-app';

interface ProfileRow {
  timezone: string;
  current_streak: number;
  best_streak: number;
}
interface WorkoutRow {
  date: string;
}

describeInBrowser('travel: the profile zone follows the browser, the streak stays the server’s', () => {
  const harness = useAppWithEmulator({ confirmEmail: true });
  let emulator: Emulator;
  let api: ServiceApi;
  let page: Page;
  let cdp: CDPSession;
  let problems: () => string[];
  let user: { id: string; email: string };

  beforeAll(async () => {
    ({ emulator } = harness.app);
    api = serviceApi(emulator);
    // One page for the whole trip (each test answers for the problems that arose while it ran).
    const device = await harness.journeyDevice(() => [], {
      // No timezoneId here: Chromium takes one zone override at a time, and only from the session that
      // set it ("Timezone override is already in effect"), so this test's own CDP session sets them all.
      viewport: { width: 1280, height: 860 },
    });
    ({ page, problems } = device);
    cdp = await device.context.newCDPSession(page);
    await cdp.send('Emulation.setTimezoneOverride', { timezoneId: 'Europe/Berlin' });
    user = await confirmedUser(harness.app, 'traveller');
  });

  async function serverProfile(): Promise<ProfileRow> {
    const [row] = await api.select<ProfileRow>(
      'profiles',
      `id=eq.${user.id}&select=timezone,current_streak,best_streak`,
    );
    if (!row) throw new Error('no profile');
    return row;
  }

  /** The streak as a number from a streak element's text ("No streak" is 0). */
  async function shown(testId: string): Promise<number> {
    const text = (await page.getByTestId(testId).first().textContent()) ?? '';
    return Number(/\d+/.exec(text)?.[0] ?? 0);
  }

  /** Waits until the server's profile is in `zone` and home and header show its streak; returns it. */
  async function settledIn(zone: string): Promise<ProfileRow> {
    return eventually(
      `the profile in ${zone} and the shown streak equal to the server's`,
      async () => {
        const profile = await serverProfile();
        if (profile.timezone !== zone) return null;
        const onHome = await shown('streak-value');
        const inHeader = await shown('streak');
        return onHome === profile.current_streak && inHeader === profile.current_streak ? profile : null;
      },
      30_000,
    );
  }

  /** Lands in `zone`: with a reload (the app starts there), or without (the user comes back to the page). */
  async function travelTo(zone: string, arrival: 'reload' | 'focus'): Promise<void> {
    await cdp.send('Emulation.setTimezoneOverride', { timezoneId: zone });
    if (arrival === 'reload') await page.reload();
    else await page.evaluate(() => window.dispatchEvent(new Event('focus')));
    await page.getByTestId('streak-value').waitFor();
    expect(await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone)).toBe(zone);
  }

  it('Berlin: the profile takes the browser zone, /schedule names it, a workout today makes streak 1', async () => {
    await signIn(page, user.email);
    // New profiles start in UTC; the app moves them to the device's zone.
    await eventually(
      'the profile in Europe/Berlin',
      async () => (await serverProfile()).timezone === 'Europe/Berlin',
    );

    await page.goto('/schedule');
    await page.locator('[data-walkthrough="plan-day-view"]').waitFor({ timeout: 20_000 });
    await expect
      .poll(() => page.getByTestId('schedule-day-boundary').textContent())
      .toBe("Days end at midnight in Europe/Berlin (your device's zone).");
    const today = todayIn('Europe/Berlin', new Date());
    expect(await page.locator('[aria-current="date"]').getAttribute('data-day')).toBe(today);

    await page.locator('[data-walkthrough="plan-add-button"]').click();
    const dialog = page.getByRole('dialog', { name: 'Plan a workout' });
    await dialog.getByRole('button', { name: /Push day/ }).click();
    await dialog.getByRole('button', { name: 'Plan workout' }).click();
    await dialog.waitFor({ state: 'detached' });
    const [workout] = await eventually('the workout on the server', async () => {
      const rows = await api.select<WorkoutRow>('workouts', `user_id=eq.${user.id}&select=date`);
      return rows.length === 1 ? rows : null;
    });
    // Planned at midnight's edge, the day may have moved on in Berlin meanwhile: it is today or yesterday.
    expect([today, todayIn('Europe/Berlin', new Date())]).toContain(workout?.date);

    await page.goto('/home');
    const profile = await settledIn('Europe/Berlin');
    expect(profile).toMatchObject({ current_streak: 1, best_streak: 1 });
  });

  it('New York, then Tokyo: the profile follows each zone and the streak shown stays the server’s (1)', async () => {
    const legs = [
      ['America/New_York', 'reload'],
      ['Asia/Tokyo', 'focus'],
    ] as const;
    for (const [zone, arrival] of legs) {
      await travelTo(zone, arrival);
      const profile = await settledIn(zone);
      // One workout, today or yesterday wherever the traveller is: never broken, never doubled.
      expect(profile, zone).toMatchObject({ current_streak: 1, best_streak: 1 });
    }
    await page.goto('/schedule');
    await expect
      .poll(() => page.getByTestId('schedule-day-boundary').textContent())
      .toBe("Days end at midnight in Asia/Tokyo (your device's zone).");
    expect(await page.locator('[aria-current="date"]').getAttribute('data-day')).toBe(
      todayIn('Asia/Tokyo', new Date()),
    );
    expect(problems(), 'console errors or failed requests').toEqual([]);
  });
});
