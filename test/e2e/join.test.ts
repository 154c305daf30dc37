// @clock-sensitive: workouts planned for days from today
// Join a friend's workout end to end: the production build in Chromium against a fresh emulator, two
// users made friends through the real friend-request RPCs, each in their own browser context. The owner
// plans three workouts today (dated from the clock under test); I join the first from the feed while
// OFFLINE (Joining… at once, nothing on the server), go online (delivered once), the owner opens the
// notification, lands on the workout in /schedule and accepts: my button says Joined and my plan holds
// the workout "with <owner>". The owner declines the second from /schedule: Closed. The third clashes with
// a workout of mine: I am asked, replace mine, and the request names my workout to replace.
import { randomUUID } from 'node:crypto';
import type { Locator } from 'playwright-core';
import { expect, it } from 'vitest';
import { today } from '../support/clock/days';
import { describeInBrowser } from './support/browser';
import { useAppWithEmulator } from './support/use-app';
import { createUser, eventually, signInThroughForm } from './support/signed-in-app';
import { untilServiceWorkerControls } from './support/service-worker-page';

describeInBrowser('join a friend’s workout (production build, emulator)', () => {
  const harness = useAppWithEmulator();
  const { rows } = harness;
  // Console problems the current test provokes on purpose (read when its devices are checked).
  let expected: RegExp[] = [];

  it('join offline, accepted from the notification (Joined, in my plan "with" the owner), declined (Closed), a clash asks to replace', async () => {
    const me = await createUser(harness.app.emulator, 'joiner', { walkthrough_done_v1: true });
    const owner = await createUser(harness.app.emulator, 'owner', { walkthrough_done_v1: true });
    await harness.befriend(me, owner);

    // Today where the browsers run (the app moves both profiles to the device's zone).
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    const day = today(zone);
    await rows(`update public.profiles set timezone = $2 where id = any($1::uuid[])`, [
      [me.id, owner.id],
      zone,
    ]);
    const plan = (user: string, type: string, time: string) =>
      rows<{ id: string }>(
        `insert into public.workouts (id, user_id, type, date, time, duration_min)
         values ($1, $2::uuid, $3, $4::date, $5::time, 60) returning id`,
        [randomUUID(), user, type, day, time],
      ).then((r) => r[0]!.id);
    const strength = await plan(owner.id, 'strength', '18:00');
    const yoga = await plan(owner.id, 'yoga', '07:00');
    const cardio = await plan(owner.id, 'cardio', '12:00');
    const mine = await plan(me.id, 'pilates', '12:00');
    const joinRows = (workoutId: string) =>
      rows<{ id: string; status: string; replace_workout_id: string | null }>(
        'select id, status, replace_workout_id from public.workout_join_requests where workout_id = $1',
        [workoutId],
      );

    const theirs = await harness.device(() => expected);
    await signInThroughForm(theirs.page, owner);

    const my = await harness.device(() => expected);
    const { page, context } = my;
    await signInThroughForm(page, me);
    const feed = page.getByTestId('feed-list');
    const planned = (type: string): Locator =>
      feed.locator('li[data-feed-kind="workout_planned"]').filter({ hasText: `planned a ${type} workout` });
    const joinButton = (type: string) => planned(type).locator('[data-join-status]');
    await planned('Strength').waitFor({ timeout: 20_000 });
    // My own planned workout has no Join.
    await feed.locator('li[data-feed-kind="workout_planned"]').filter({ hasText: 'Pilates' }).waitFor();
    expect(
      await feed
        .locator('li[data-feed-kind="workout_planned"]')
        .filter({ hasText: 'Pilates' })
        .locator('[data-join-status]')
        .count(),
    ).toBe(0);

    // Join while offline: Joining… at once, nothing on the server.
    expected = [
      /ERR_INTERNET_DISCONNECTED/,
      /net::ERR_/,
      /Failed to fetch/,
      /Failed to load resource/,
      /WebSocket/,
    ];
    await untilServiceWorkerControls(page);
    await context.setOffline(true);
    await planned('Strength').getByRole('button', { name: 'Join', exact: true }).click();
    await planned('Strength').getByRole('button', { name: 'Joining…' }).waitFor();
    await page.waitForTimeout(1_000);
    expect(await joinRows(strength)).toEqual([]);
    await context.setOffline(false);
    await eventually(async () => ((await joinRows(strength)).length > 0 ? true : undefined), 30_000);

    // The owner gets the notification, opens it: the workout on /schedule with Accept.
    await theirs.page.goto('/notifications');
    const notice = theirs.page
      .getByTestId('notification-item')
      .filter({ hasText: 'joiner wants to join your workout' });
    await notice.waitFor({ timeout: 20_000 });
    await notice.click();
    await theirs.page.waitForURL(
      (url) => url.pathname === '/schedule' && url.hash === `#workout-${strength}`,
    );
    const ownWorkout = theirs.page.locator(`[id="workout-${strength}"]`);
    await ownWorkout.getByText('joiner wants to join').waitFor({ timeout: 20_000 });
    expect(await ownWorkout.getAttribute('aria-current')).toBe('true');
    await ownWorkout.getByRole('button', { name: 'Accept' }).click();
    await ownWorkout.getByText('Accepted').waitFor();

    // I see Joined, and the workout in my plan with the owner.
    await joinButton('Strength').filter({ hasText: 'Joined' }).waitFor({ timeout: 30_000 });
    expect((await joinRows(strength)).map((r) => r.status)).toEqual(['accepted']);
    await page.goto(`/schedule?date=${day}`);
    await page.getByTestId('workout-item').filter({ hasText: 'with owner' }).waitFor({ timeout: 20_000 });
    // My notification of the acceptance shows the owner's name and avatar, and opens my copy of it.
    await page.goto('/notifications');
    const accepted = page
      .getByTestId('notification-item')
      .filter({ hasText: 'owner accepted your request to join their workout' });
    await accepted.waitFor({ timeout: 20_000 });
    await accepted.getByText('O', { exact: true }).waitFor();
    const requestId = (await joinRows(strength))[0]!.id;
    await accepted.click();
    await page.waitForURL((url) => url.pathname === '/schedule' && url.hash === `#workout-join-${requestId}`);
    const copy = page.locator(`[id="workout-join-${requestId}"]`);
    await copy.getByText('with owner').waitFor({ timeout: 20_000 });
    expect(await copy.getAttribute('aria-current')).toBe('true');

    // A declined request: Closed.
    await page.goto('/home');
    await planned('Yoga').getByRole('button', { name: 'Join', exact: true }).click();
    await planned('Yoga').getByRole('button', { name: 'Joining…' }).waitFor();
    await eventually(async () => ((await joinRows(yoga)).length > 0 ? true : undefined), 30_000);
    await theirs.page.goto(`/schedule?date=${day}`);
    const yogaWorkout = theirs.page.locator(`[id="workout-${yoga}"]`);
    await yogaWorkout.getByText('joiner wants to join').waitFor({ timeout: 20_000 });
    await yogaWorkout.getByRole('button', { name: 'Decline' }).click();
    await joinButton('Yoga').filter({ hasText: 'Closed' }).waitFor({ timeout: 30_000 });
    expect((await joinRows(yoga)).map((r) => r.status)).toEqual(['declined']);

    // A clash with my own workout at 12:00: asked, and the request replaces mine.
    await planned('Cardio').getByRole('button', { name: 'Join', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'You already have a workout then' });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Replace mine' }).click();
    await planned('Cardio').getByRole('button', { name: 'Joining…' }).waitFor();
    await eventually(async () => ((await joinRows(cardio)).length > 0 ? true : undefined), 30_000);
    expect((await joinRows(cardio)).map((r) => r.replace_workout_id)).toEqual([mine]);
    // Three joins across two browsers, offline and back: 34 s in a CI rehearsal, 52 s at Kiritimati beside
    // the unit project and a build, where the 60 s default came too close.
  }, 150_000);
});
