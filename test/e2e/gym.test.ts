// /gym end to end: the production build in Chromium against a fresh emulator. A friend (made through
// the real friend-request RPCs) is checked in at a seeded gym; the user picks that gym as a home gym,
// checks in, sees the friend, then checks out offline: the check-out waits on the device and reaches
// the server once the browser is back online.
import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type {} from 'playwright-core';
import { expect, it } from 'vitest';
import { seriousAxeViolations } from './support/axe';
import { describeInBrowser } from './support/browser';
import { useAppWithEmulator } from './support/use-app';
import { accessToken, createUser, eventually, rpcAs, signInThroughForm } from './support/signed-in-app';

const GYM = 'de-berlin-fitx-kreuzberg';
const GYM_NAME = 'FitX Berlin-Kreuzberg';
// Review screenshots (git-ignored), like screenshots.test.ts writes for the public screens.
const shots = fileURLToPath(new URL('./screenshots/', import.meta.url));

describeInBrowser('/gym (production build, emulator)', () => {
  const harness = useAppWithEmulator();
  let expected: RegExp[] = [];

  const serverCheckIns = async (userId: string) =>
    (
      await harness.app.emulator.engine.query<{ gym_id: string; checked_out_at: string | null }>(
        'select gym_id, checked_out_at from public.check_ins where user_id = $1 and not _deleted',
        [userId],
      )
    ).rows;

  it('sets a home gym, checks in, sees a friend there, and checks out offline, then syncs', async () => {
    const me = await createUser(harness.app.emulator, 'gymrat', { walkthrough_done_v1: true });
    const friend = await createUser(harness.app.emulator, 'buddy', { walkthrough_done_v1: true });
    const myToken = await accessToken(harness.app.emulator, me);
    const friendToken = await accessToken(harness.app.emulator, friend);
    await rpcAs(harness.app.emulator, myToken, 'send_friend_request', { p_receiver_id: friend.id });
    const { rows: requests } = await harness.app.emulator.engine.query<{ id: string }>(
      "select id from public.friend_requests where sender_id = $1 and status = 'pending'",
      [me.id],
    );
    await rpcAs(harness.app.emulator, friendToken, 'respond_friend_request', {
      p_request_id: requests[0]?.id,
      p_accept: true,
    });
    await rpcAs(harness.app.emulator, friendToken, 'check_in', { p_id: randomUUID(), p_gym_id: GYM });

    const watched = await harness.device(() => expected);
    const { page, context } = watched;
    await signInThroughForm(page, me);
    await page.goto('/gym');

    // No home gym yet: the prompt, then the searchable picker.
    await page.getByRole('heading', { name: 'Set your home gym' }).waitFor({ timeout: 20_000 });
    mkdirSync(shots, { recursive: true });
    await page.screenshot({ path: `${shots}gym-prompt-1280.png` });
    await page.getByRole('button', { name: 'Choose home gyms' }).click();
    await page.getByLabel('Search gyms').fill('kreuzberg fitx');
    await page.getByRole('checkbox', { name: GYM_NAME }).check({ timeout: 20_000 });
    await page.screenshot({ path: `${shots}gym-picker-1280.png` });
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByRole('heading', { name: GYM_NAME }).waitFor();
    await eventually(async () => {
      const { rows } = await harness.app.emulator.engine.query<{ gym_id: string }>(
        'select gym_id from public.home_gyms where user_id = $1 and not _deleted',
        [me.id],
      );
      return rows.some((r) => r.gym_id === GYM) ? true : undefined;
    });

    // Check in: shown at once, on the server soon after; the friend is listed as here.
    await page.getByRole('button', { name: `Check in at ${GYM_NAME}` }).click();
    await page.getByText(/You are checked in here since/).waitFor();
    await eventually(async () =>
      (await serverCheckIns(me.id)).some((c) => c.gym_id === GYM && c.checked_out_at === null)
        ? true
        : undefined,
    );
    const here = page.getByRole('list', { name: 'Who is here now' });
    await here.getByText('buddy').waitFor({ timeout: 20_000 });
    await here.getByText('You', { exact: true }).waitFor();
    mkdirSync(shots, { recursive: true });
    await page.screenshot({ path: `${shots}gym-checked-in-1280.png`, fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: `${shots}gym-checked-in-390.png`, fullPage: true });
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.screenshot({ path: `${shots}gym-checked-in-390-dark.png`, fullPage: true });
    await page.emulateMedia({ colorScheme: 'light' });
    await page.setViewportSize({ width: 1280, height: 800 });
    expect(await seriousAxeViolations(page)).toEqual([]);

    // Offline: the check-out is local first; the server still has the check-in open.
    expected = [
      /ERR_INTERNET_DISCONNECTED/,
      /net::ERR_/,
      /Failed to fetch/,
      /Failed to load resource/,
      /WebSocket/,
    ];
    await context.setOffline(true);
    await page.getByText(/You are offline/).waitFor();
    await page.getByRole('button', { name: 'Check out' }).click();
    await page.getByRole('button', { name: `Check in at ${GYM_NAME}` }).waitFor();
    await page.waitForTimeout(1_500);
    expect((await serverCheckIns(me.id)).find((c) => c.gym_id === GYM)?.checked_out_at).toBeNull();
    // The friend list stays, from the last answer.
    await here.getByText('buddy').waitFor();

    // Back online: the check-out reaches the server.
    await context.setOffline(false);
    await eventually(
      async () => ((await serverCheckIns(me.id)).every((c) => c.checked_out_at !== null) ? true : undefined),
      30_000,
    );
    await page.getByText(/You are offline/).waitFor({ state: 'detached' });
  });
});
