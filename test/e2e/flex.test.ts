// @clock-sensitive: activity times and days shown
// Flex end to end: the production build in Chromium against a fresh emulator, two users who became
// friends through the real friend-request RPCs. The friend checks in (an activity in my feed); I flex
// it offline: pressed at once with the count and "You flexed this", nothing on the server yet, and no
// flex button on my own activities. Back online the flex reaches the server once (+5 XP for the friend),
// and the friend, signed in in a second browser context, gets the flex_received notification live.
import { randomUUID } from 'node:crypto';
import { expect, it } from 'vitest';
import { dayFromToday } from '../support/clock/days';
import { describeInBrowser } from './support/browser';
import { useAppWithEmulator } from './support/use-app';
import { accessToken, createUser, eventually, rpcAs, signInThroughForm } from './support/signed-in-app';
import { untilServiceWorkerControls } from './support/service-worker-page';

const GYM = 'de-berlin-fitx-kreuzberg';

describeInBrowser('flex (production build, emulator)', () => {
  const harness = useAppWithEmulator();
  const { rows } = harness;
  // Console problems the current test provokes on purpose (read when its devices are checked).
  let expected: RegExp[] = [];

  it('flexes a friend’s check-in offline; it arrives once: +5 XP and a live notification', async () => {
    const me = await createUser(harness.app.emulator, 'flexer', { walkthrough_done_v1: true });
    const friend = await createUser(harness.app.emulator, 'lifter', { walkthrough_done_v1: true });
    const friendToken = await accessToken(harness.app.emulator, friend);
    await harness.befriend(me, friend);
    await rpcAs(harness.app.emulator, friendToken, 'check_in', { p_id: randomUUID(), p_gym_id: GYM });
    const xpOf = async (id: string) =>
      (await rows<{ xp: number }>('select xp from public.profiles where id = $1', [id]))[0]?.xp ?? 0;
    const friendXp = await xpOf(friend.id);
    const flexes = () =>
      rows<{ sender_id: string }>(
        'select f.sender_id from public.flexes f where f.recipient_id = $1 and not f._deleted',
        [friend.id],
      );

    // The friend watches their notifications in a second browser.
    const theirs = await harness.device(() => expected);
    await signInThroughForm(theirs.page, friend);
    await theirs.page.goto('/notifications');

    const mine = await harness.device(() => expected);
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
    await untilServiceWorkerControls(page);
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
    const me = await createUser(harness.app.emulator, 'visitor', { walkthrough_done_v1: true });
    const friend = await createUser(harness.app.emulator, 'planner', { walkthrough_done_v1: true });
    await harness.befriend(me, friend);
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

    const mine = await harness.device(() => expected);
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
    const owner = await createUser(harness.app.emulator, 'poser', { walkthrough_done_v1: true });
    const ownerToken = await accessToken(harness.app.emulator, owner);
    const fans = [];
    for (const name of ['fana', 'fanb', 'fanc']) {
      const fan = await createUser(harness.app.emulator, name, { walkthrough_done_v1: true });
      const token = await accessToken(harness.app.emulator, fan);
      await harness.befriend(fan, owner);
      fans.push({ ...fan, token });
    }
    await rpcAs(harness.app.emulator, ownerToken, 'check_in', { p_id: randomUUID(), p_gym_id: GYM });
    const [activity] = await rows<{ id: string }>(
      "select id from public.activities where user_id = $1 and kind = 'check_in'",
      [owner.id],
    );
    // Three friends flex it one after the other, the last one being fanc.
    for (const fan of fans) {
      await rpcAs(harness.app.emulator, fan.token, 'flex_activity', {
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

    const theirs = await harness.device(() => expected);
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
