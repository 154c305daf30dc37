// Screenshots of every signed-in page, the social ones included (home with a friend's activity and the
// weekly leaderboard, the plan, the gym, my profile with friends, a friend's profile, notifications,
// settings), in light and dark, phone (390 px) and desktop (1280 px), for review: written to
// test/e2e/screenshots/ (git-ignored). Each page must show its heading and log no console error.
import { mkdir } from 'node:fs/promises';
import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { beforeAll, expect, it } from 'vitest';
import { dayFromToday } from '../support/clock/days';
import { describeInBrowser } from './support/browser';
import { accessToken, createUser, rpcAs, signInThroughForm } from './support/signed-in-app';
import { useAppWithEmulator } from './support/use-app';

const outDir = fileURLToPath(new URL('./screenshots/', import.meta.url));
const GYM = 'de-berlin-fitx-kreuzberg';
const viewports = [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
] as const;
const schemes = ['light', 'dark'] as const;

describeInBrowser('screenshots of the signed-in pages', () => {
  const harness = useAppWithEmulator();

  beforeAll(async () => {
    await mkdir(outDir, { recursive: true });
  });

  // 28 full page loads, each with a full-page screenshot: about a minute alone, more on a loaded machine.
  it('every signed-in page at 390 and 1280 px, light and dark', { timeout: 180_000 }, async () => {
    const { emulator } = harness.app;
    const me = await createUser(emulator, 'tourist', { walkthrough_done_v1: true });
    const friend = await createUser(emulator, 'tourbuddy', { walkthrough_done_v1: true });
    const asker = await createUser(emulator, 'newface', { walkthrough_done_v1: true });
    await harness.befriend(friend, me);
    // Something to show: the friend checks in and plans tomorrow; someone else asks me to be friends.
    const friendToken = await accessToken(emulator, friend);
    await rpcAs(emulator, friendToken, 'check_in', { p_id: randomUUID(), p_gym_id: GYM });
    const response = await fetch(`${emulator.url}/rest/v1/workouts`, {
      method: 'POST',
      headers: {
        apikey: emulator.status.ANON_KEY,
        authorization: `Bearer ${friendToken}`,
        'content-type': 'application/json',
        prefer: 'return=minimal',
      },
      body: JSON.stringify({
        id: randomUUID(),
        user_id: friend.id,
        type: 'strength',
        date: dayFromToday(1, 'UTC'),
      }),
    });
    expect(response.status).toBe(201);
    await rpcAs(emulator, await accessToken(emulator, asker), 'send_friend_request', {
      p_receiver_id: me.id,
    });
    const [friendRow] = await harness.rows<{ slug: string }>(
      'select slug from public.profiles where id = $1',
      [friend.id],
    );

    const pages = [
      { name: 'home', path: '/home' },
      { name: 'schedule', path: '/schedule' },
      { name: 'gym', path: '/gym' },
      { name: 'profile', path: '/profile' },
      { name: 'friend-profile', path: `/u/${friendRow!.slug}` },
      { name: 'notifications', path: '/notifications' },
      { name: 'settings', path: '/settings' },
    ];

    const { page } = await harness.device(undefined, { viewport: viewports[0], deviceScaleFactor: 1 });
    await signInThroughForm(page, me);
    for (const viewport of viewports) {
      await page.setViewportSize(viewport);
      for (const scheme of schemes) {
        // The colour scheme defaults to "system", so the emulated device preference decides.
        await page.emulateMedia({ colorScheme: scheme });
        for (const shown of pages) {
          await page.goto(shown.path);
          await page
            .getByRole('heading', { level: 1 })
            .first()
            .waitFor({ state: 'visible', timeout: 20_000 });
          await expect
            .poll(() => page.locator('html').getAttribute('data-mantine-color-scheme'))
            .toBe(scheme);
          const size = `${viewport.width}x${viewport.height}`;
          await page.screenshot({ path: `${outDir}app-${shown.name}-${scheme}-${size}.png`, fullPage: true });
        }
      }
    }
  });
});
