// The signed-in pages on narrow phones (360 and 390 px) with the longest names a user can pick (12 wide
// letters): no Spotter ID loses its #1234 part (Discover, the leaderboard, friends, requests, the gym),
// no button or badge label is cut, and no page scrolls sideways. A text is cut when the element that
// shows it is narrower than its content (`scrollWidth > clientWidth`) or an ancestor that hides
// overflow ends before it does.
import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { describeInBrowser } from './support/browser';
import { accessToken, createUser, rpcAs, signInThroughForm, type TestUser } from './support/signed-in-app';
import { useAppWithEmulator } from './support/use-app';

const GYM = 'de-berlin-fitx-kreuzberg';
const PAGES = ['/home', '/gym', '/profile', '/schedule', '/notifications', '/settings'];

/** Everything cut on the page, described for the failure message. */
function clipped(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const problems: string[] = [];
    const shown = (el: Element) =>
      el.getClientRects().length > 0 && getComputedStyle(el).visibility !== 'hidden';
    const text = (el: Element) => (el.textContent ?? '').trim().slice(0, 60);
    const cutByAncestor = (el: Element): boolean => {
      const rect = el.getBoundingClientRect();
      for (let a = el.parentElement; a; a = a.parentElement) {
        if (getComputedStyle(a).overflowX === 'visible') continue;
        const box = a.getBoundingClientRect();
        return rect.right > box.right + 1 || rect.left < box.left - 1;
      }
      return false;
    };
    for (const tag of document.querySelectorAll('[data-handle-tag]')) {
      if (!shown(tag)) continue;
      if (tag.scrollWidth > tag.clientWidth + 1 || cutByAncestor(tag))
        problems.push(`handle cut: ${tag.parentElement?.getAttribute('data-handle') ?? text(tag)}`);
    }
    // A whole handle in one ellipsised text (the way that cut #1234 before).
    for (const el of document.querySelectorAll('body *')) {
      if (!shown(el) || !/#\d{4}\b/.test(el.textContent ?? '') || el.querySelector('[data-handle]')) continue;
      if (getComputedStyle(el).textOverflow === 'ellipsis' && el.scrollWidth > el.clientWidth + 1)
        problems.push(`handle cut: ${text(el)}`);
    }
    for (const label of document.querySelectorAll('.mantine-Button-label, .mantine-Badge-label')) {
      if (!shown(label)) continue;
      if (label.scrollWidth > label.clientWidth + 1 || cutByAncestor(label))
        problems.push(`label cut: ${text(label)}`);
    }
    // Headings and names that run past their box (a long unbroken name).
    for (const heading of document.querySelectorAll('h1, h2, h3')) {
      if (shown(heading) && heading.scrollWidth > heading.clientWidth + 1)
        problems.push(`heading overflows: ${text(heading)}`);
    }
    if (document.documentElement.scrollWidth > window.innerWidth + 1)
      problems.push(`page scrolls sideways: ${document.documentElement.scrollWidth} > ${window.innerWidth}`);
    return problems;
  });
}

describeInBrowser('the phone layout (production build, emulator)', () => {
  const harness = useAppWithEmulator();

  async function workout(user: TestUser, type: string): Promise<void> {
    const { emulator } = harness.app;
    const response = await fetch(`${emulator.url}/rest/v1/workouts`, {
      method: 'POST',
      headers: {
        apikey: emulator.status.ANON_KEY,
        authorization: `Bearer ${await accessToken(emulator, user)}`,
        'content-type': 'application/json',
        prefer: 'return=minimal',
      },
      body: JSON.stringify({
        id: randomUUID(),
        user_id: user.id,
        type,
        date: new Date().toISOString().slice(0, 10),
      }),
    });
    expect(response.status).toBe(201);
  }

  it('no handle or label is cut at 360 and 390 px, with 12-letter names', { timeout: 240_000 }, async () => {
    const { emulator } = harness.app;
    const me = await createUser(emulator, 'WWWWWWWWWWWW', { walkthrough_done_v1: true });
    const friend = await createUser(emulator, 'MMMMMMMMMMMM', { walkthrough_done_v1: true });
    const asker = await createUser(emulator, 'WMWMWMWMWMWM', { walkthrough_done_v1: true });
    const stranger = await createUser(emulator, 'MWMWMWMWMWMW', { walkthrough_done_v1: true });
    const asked = await createUser(emulator, 'WWWWMMMMWWWW', { walkthrough_done_v1: true });
    await harness.befriend(friend, me);
    for (const user of [me, friend, stranger]) {
      await rpcAs(emulator, await accessToken(emulator, user), 'set_home_gyms', { p_gym_ids: [GYM] });
    }
    await rpcAs(emulator, await accessToken(emulator, friend), 'check_in', {
      p_id: randomUUID(),
      p_gym_id: GYM,
    });
    await workout(friend, 'strength');
    await workout(me, 'hiit');
    await rpcAs(emulator, await accessToken(emulator, asker), 'send_friend_request', {
      p_receiver_id: me.id,
    });
    await rpcAs(emulator, await accessToken(emulator, me), 'send_friend_request', {
      p_receiver_id: asked.id,
    });

    const { page } = await harness.device(undefined, { viewport: { width: 390, height: 844 } });
    await signInThroughForm(page, me);
    const found: string[] = [];
    for (const width of [360, 390]) {
      await page.setViewportSize({ width, height: 800 });
      for (const path of PAGES) {
        await page.goto(path);
        await page.getByRole('heading', { level: 1 }).first().waitFor({ state: 'visible', timeout: 20_000 });
        await page.waitForLoadState('networkidle');
        if (path === '/profile') {
          // Discover and the lists have arrived (the stranger at my gym, the request, the friend).
          await page.getByText('MWMWMWMWMWMW').first().waitFor({ timeout: 20_000 });
          await page.getByText('WMWMWMWMWMWM').first().waitFor({ timeout: 20_000 });
        }
        if (path === '/gym') await page.getByText('MMMMMMMMMMMM').first().waitFor({ timeout: 20_000 });
        await page.waitForTimeout(500);
        for (const problem of await clipped(page)) found.push(`${width}px ${path}: ${problem}`);
      }
    }
    expect(found).toEqual([]);
  });

  it('a toast never covers the tab bar or the control just tapped', { timeout: 180_000 }, async () => {
    const { emulator } = harness.app;
    const me = await createUser(emulator, 'Toastee', { walkthrough_done_v1: true });
    const askers = [await createUser(emulator, 'Asker1', { walkthrough_done_v1: true })];
    askers.push(await createUser(emulator, 'Asker2', { walkthrough_done_v1: true }));
    for (const asker of askers) {
      await rpcAs(emulator, await accessToken(emulator, asker), 'send_friend_request', {
        p_receiver_id: me.id,
      });
    }
    const { page } = await harness.device(undefined, { viewport: { width: 390, height: 844 } });
    await signInThroughForm(page, me);
    await page.goto('/profile');

    /** Taps Accept for `name` after scrolling it to `fromBottom` px above the viewport's bottom edge. */
    async function acceptAt(name: string, fromBottom: number): Promise<string[]> {
      const accept = page.getByRole('button', { name: `Accept friend request from ${name}` });
      await accept.waitFor({ timeout: 20_000 });
      // Scrolled there when the page is long enough; otherwise a shorter phone screen puts it there.
      await page.evaluate(() => window.scrollTo(0, 0));
      const bottom = await accept.evaluate((el) => el.getBoundingClientRect().bottom);
      const height = page.viewportSize()!.height;
      if (bottom > height - fromBottom)
        await page.evaluate((by) => window.scrollBy(0, by), bottom - (height - fromBottom));
      else await page.setViewportSize({ width: 390, height: Math.max(320, Math.ceil(bottom + fromBottom)) });
      const tapped = (await accept.boundingBox())!;
      const viewport = page.viewportSize()!.height;
      expect(
        Math.abs(viewport - (tapped.y + tapped.height) - fromBottom),
        `${name}'s Accept sits ${fromBottom} px up`,
      ).toBeLessThan(40);
      await accept.click();
      const toast = page.getByRole('status').filter({ hasText: `You are now friends with ${name}!` });
      await toast.waitFor({ timeout: 20_000 });
      const box = (await toast.boundingBox())!;
      const tabs = (await page.getByRole('navigation', { name: 'App sections' }).boundingBox())!;
      const overlaps = (a: typeof box, b: typeof box) =>
        a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
      const problems: string[] = [];
      if (overlaps(box, tapped)) problems.push(`${name}: the toast covers the Accept just tapped`);
      if (overlaps(box, tabs)) problems.push(`${name}: the toast covers the tab bar`);
      // A toast under the pointer never closes (hovering pauses it): report rather than wait for that.
      if (problems.length > 0) return problems;
      await toast.waitFor({ state: 'detached', timeout: 20_000 });
      await page.setViewportSize({ width: 390, height: 844 });
      return problems;
    }

    // Tapped just above the tab bar (where a bottom toast goes), then mid-screen.
    const problems = [...(await acceptAt('Asker1', 80)), ...(await acceptAt('Asker2', 420))];
    expect(problems).toEqual([]);
  });
});
