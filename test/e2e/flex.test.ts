// Flex end to end: the production build in Chromium against a fresh emulator, two users who became
// friends through the real friend-request RPCs. The friend checks in (an activity in my feed); I flex
// it offline: pressed at once with the count and "You flexed this", nothing on the server yet, and no
// flex button on my own activities. Back online the flex reaches the server once (+5 XP for the friend),
// and the friend, signed in in a second browser context, gets the flex_received notification live.
import { randomUUID } from 'node:crypto';
import type { Browser } from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { dayFromToday } from '../support/clock/days';
import { describeInBrowser, launchBrowser } from './support/browser';
import { startAppWithEmulator, type AppWithEmulator } from './support/app-with-emulator';
import {
  accessToken,
  createUser,
  eventually,
  openContext,
  rpcAs,
  signInThroughForm,
  type WatchedContext,
} from './support/signed-in-app';

const GYM = 'de-berlin-fitx-kreuzberg';

describeInBrowser('flex (production build, emulator)', () => {
  let app: AppWithEmulator;
  let browser: Browser;
  let opened: WatchedContext[] = [];
  let expected: RegExp[] = [];

  beforeAll(async () => {
    app = await startAppWithEmulator();
    browser = await launchBrowser();
  }, 240_000);

  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  afterEach(async () => {
    const all = opened;
    opened = [];
    const problems = all.flatMap((o) => o.problems());
    await Promise.all(all.map((o) => o.context.close()));
    expect(problems, 'console errors or failed requests').toEqual([]);
  });

  const rows = async <R>(sql: string, params: unknown[]) =>
    (await app.emulator.engine.query<R>(sql, params)).rows;

  it('flexes a friend’s check-in offline; it arrives once: +5 XP and a live notification', async () => {
    const me = await createUser(app.emulator, 'flexer', { walkthrough_done_v1: true });
    const friend = await createUser(app.emulator, 'lifter', { walkthrough_done_v1: true });
    const myToken = await accessToken(app.emulator, me);
    const friendToken = await accessToken(app.emulator, friend);
    await rpcAs(app.emulator, myToken, 'send_friend_request', { p_receiver_id: friend.id });
    const [request] = await rows<{ id: string }>(
      "select id from public.friend_requests where sender_id = $1 and status = 'pending'",
      [me.id],
    );
    await rpcAs(app.emulator, friendToken, 'respond_friend_request', {
      p_request_id: request?.id,
      p_accept: true,
    });
    await rpcAs(app.emulator, friendToken, 'check_in', { p_id: randomUUID(), p_gym_id: GYM });
    const xpOf = async (id: string) =>
      (await rows<{ xp: number }>('select xp from public.profiles where id = $1', [id]))[0]?.xp ?? 0;
    const friendXp = await xpOf(friend.id);
    const flexes = () =>
      rows<{ sender_id: string }>(
        'select f.sender_id from public.flexes f where f.recipient_id = $1 and not f._deleted',
        [friend.id],
      );

    // The friend watches their notifications in a second browser.
    const theirs = await openContext(browser, app.baseUrl, () => expected);
    opened.push(theirs);
    await signInThroughForm(theirs.page, friend);
    await theirs.page.goto('/notifications');

    const mine = await openContext(browser, app.baseUrl, () => expected);
    opened.push(mine);
    const { page, context } = mine;
    await signInThroughForm(page, me);
    const feed = page.getByTestId('feed-list');
    const checkIn = feed.locator('li[data-feed-kind="check_in"]').filter({ hasText: 'lifter' });
    await checkIn.waitFor({ timeout: 20_000 });
    // No flex on my own activities (becoming friends made one for me too).
    const own = feed.locator('li').filter({ has: page.getByText('You', { exact: true }) });
    await own.first().waitFor();
    expect(await own.getByRole('button').count()).toBe(0);

    expected = [
      /ERR_INTERNET_DISCONNECTED/,
      /net::ERR_/,
      /Failed to fetch/,
      /Failed to load resource/,
      /WebSocket/,
    ];
    await context.setOffline(true);
    const button = checkIn.getByRole('button', { name: 'Flex' });
    expect(await button.getAttribute('aria-pressed')).toBe('false');
    await button.click();
    const pressed = checkIn.getByRole('button', { name: 'Flexed' });
    await pressed.waitFor();
    expect(await pressed.getAttribute('aria-pressed')).toBe('true');
    await checkIn.getByText('1 flex', { exact: true }).waitFor();
    await checkIn.getByText('You flexed this').waitFor();
    // A second tap (forced: the pressed button is aria-disabled) does nothing more.
    expect(await pressed.getAttribute('aria-disabled')).toBe('true');
    await pressed.click({ force: true });
    await page.waitForTimeout(1_500);
    expect(await flexes()).toEqual([]);

    // Back online: delivered once, +5 XP for the friend, who sees it live.
    await context.setOffline(false);
    await eventually(async () => ((await flexes()).length > 0 ? true : undefined), 30_000);
    await theirs.page
      .getByTestId('notification-item')
      .filter({ hasText: 'flexer flexed your activity' })
      .waitFor({ timeout: 20_000 });
    await page.waitForTimeout(1_000);
    expect(await flexes()).toEqual([{ sender_id: me.id }]);
    expect(
      await rows<{ amount: number }>(
        "select amount from public.xp_events where user_id = $1 and source = 'flex_received'",
        [friend.id],
      ),
    ).toEqual([{ amount: 5 }]);
    expect(await xpOf(friend.id)).toBe(friendXp + 5);

    // After a reload the server's feed says the same.
    await page.reload();
    await checkIn.getByRole('button', { name: 'Flexed' }).waitFor({ timeout: 20_000 });
    await checkIn.getByText('1 flex', { exact: true }).waitFor();
  });

  it('a friend flexes and joins from the profile page: the owner gets +5 XP and the request', async () => {
    expected = [];
    const me = await createUser(app.emulator, 'visitor', { walkthrough_done_v1: true });
    const friend = await createUser(app.emulator, 'planner', { walkthrough_done_v1: true });
    const myToken = await accessToken(app.emulator, me);
    const friendToken = await accessToken(app.emulator, friend);
    await rpcAs(app.emulator, myToken, 'send_friend_request', { p_receiver_id: friend.id });
    const [request] = await rows<{ id: string }>(
      "select id from public.friend_requests where sender_id = $1 and status = 'pending'",
      [me.id],
    );
    await rpcAs(app.emulator, friendToken, 'respond_friend_request', {
      p_request_id: request?.id,
      p_accept: true,
    });
    // The friend plans a workout tomorrow where the browser runs (dated from the clock under test).
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    await rows('update public.profiles set timezone = $2 where id = any($1::uuid[])', [
      [me.id, friend.id],
      zone,
    ]);
    const workoutId = randomUUID();
    await rows(
      `insert into public.workouts (id, user_id, type, date, time, duration_min)
       values ($1, $2::uuid, 'hiit', $3::date, '07:30', 45)`,
      [workoutId, friend.id, dayFromToday(1, zone)],
    );
    const xpOf = async (id: string) =>
      (await rows<{ xp: number }>('select xp from public.profiles where id = $1', [id]))[0]?.xp ?? 0;
    const friendXp = await xpOf(friend.id);

    const mine = await openContext(browser, app.baseUrl, () => expected);
    opened.push(mine);
    const { page } = mine;
    await signInThroughForm(page, me);
    await page.goto(`/p/${friend.id}`);
    const planned = page.locator(`li[data-activity-id="workout:${workoutId}"]`);
    await planned.waitFor({ timeout: 20_000 });

    await planned.getByRole('button', { name: 'Flex' }).click();
    await planned.getByRole('button', { name: 'Flexed' }).waitFor();
    await planned.getByText('1 flex', { exact: true }).waitFor();
    await planned.getByText('You flexed this').waitFor();
    await eventually(async () => ((await xpOf(friend.id)) === friendXp + 5 ? true : undefined), 30_000);
    expect(
      await rows<{ sender_id: string }>('select sender_id from public.flexes where activity_id = $1', [
        `workout:${workoutId}`,
      ]),
    ).toEqual([{ sender_id: me.id }]);

    await planned.getByRole('button', { name: 'Join' }).click();
    await planned.getByRole('button', { name: 'Joining…' }).waitFor();
    const joinRequests = () =>
      rows<{ requester_id: string; status: string }>(
        'select requester_id, status from public.workout_join_requests where workout_id = $1',
        [workoutId],
      );
    await eventually(async () => ((await joinRequests()).length > 0 ? true : undefined), 30_000);
    expect(await joinRequests()).toEqual([{ requester_id: me.id, status: 'pending' }]);

    // A reload reads the server's answer: still flexed (once) and Joining….
    await page.reload();
    await planned.getByRole('button', { name: 'Flexed' }).waitFor({ timeout: 20_000 });
    await planned.getByText('1 flex', { exact: true }).waitFor();
    await planned.getByRole('button', { name: 'Joining…' }).waitFor();
    expect(await xpOf(friend.id)).toBe(friendXp + 5);
  });

  it('flexes that arrive in a burst are one notification; opening it marks them all read', async () => {
    expected = [];
    const owner = await createUser(app.emulator, 'poser', { walkthrough_done_v1: true });
    const ownerToken = await accessToken(app.emulator, owner);
    const fans = [];
    for (const name of ['fana', 'fanb', 'fanc']) {
      const fan = await createUser(app.emulator, name, { walkthrough_done_v1: true });
      const token = await accessToken(app.emulator, fan);
      await rpcAs(app.emulator, token, 'send_friend_request', { p_receiver_id: owner.id });
      const [request] = await rows<{ id: string }>(
        "select id from public.friend_requests where sender_id = $1 and status = 'pending'",
        [fan.id],
      );
      await rpcAs(app.emulator, ownerToken, 'respond_friend_request', {
        p_request_id: request?.id,
        p_accept: true,
      });
      fans.push({ ...fan, token });
    }
    await rpcAs(app.emulator, ownerToken, 'check_in', { p_id: randomUUID(), p_gym_id: GYM });
    const [activity] = await rows<{ id: string }>(
      "select id from public.activities where user_id = $1 and kind = 'check_in'",
      [owner.id],
    );
    // Three friends flex it one after the other, the last one being fanc.
    for (const fan of fans) {
      await rpcAs(app.emulator, fan.token, 'flex_activity', {
        p_id: randomUUID(),
        p_activity_id: activity!.id,
      });
    }
    const unreadFlexes = () =>
      rows<{ id: string }>(
        "select id from public.notifications where user_id = $1 and type = 'flex_received' and not is_read",
        [owner.id],
      );
    expect(await unreadFlexes()).toHaveLength(3);

    const theirs = await openContext(browser, app.baseUrl, () => expected);
    opened.push(theirs);
    const { page } = theirs;
    await signInThroughForm(page, owner);
    await page.goto('/notifications');
    const burst = page.locator('[data-testid="notification-item"][data-burst-size="3"]');
    await burst.filter({ hasText: 'fanc and 2 others flexed your activity' }).waitFor({ timeout: 20_000 });
    await burst.click();
    await page.waitForURL('**/home#activity-*', { timeout: 20_000 });
    await eventually(async () => ((await unreadFlexes()).length === 0 ? true : undefined), 30_000);
  });
});
