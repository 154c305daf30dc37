// Edit profile end to end (issue 14): the production build in Chromium against a fresh emulator. The user
// edits the profile while offline (shown at once, nothing on the server), comes back online, the server
// has it once, and a second device of the same user shows it.
import type {} from 'playwright-core';
import { expect, it } from 'vitest';
import { describeInBrowser } from './support/browser';
import { useAppWithEmulator } from './support/use-app';
import { createUser, eventually, signInThroughForm } from './support/signed-in-app';

describeInBrowser('edit profile (production build, emulator)', () => {
  const harness = useAppWithEmulator();
  let expected: RegExp[] = [];

  const serverProfile = async (userId: string) =>
    (
      await harness.app.emulator.engine.query<{
        first_name: string | null;
        last_name: string | null;
        weight_kg: string | null;
      }>(
        `select p.first_name, p.last_name, d.weight_kg::text as weight_kg
           from public.profiles p join public.profile_details d on d.id = p.id where p.id = $1`,
        [userId],
      )
    ).rows[0];

  it('edits the profile offline; back online it reaches the server and a second device shows it', async () => {
    const me = await createUser(harness.app.emulator, 'editor', { walkthrough_done_v1: true });
    const first = await harness.device(() => expected);
    await signInThroughForm(first.page, me);
    await first.page.goto('/profile');
    const form = first.page.getByRole('region', { name: 'Edit profile' });
    // The owner-only details are on this device once the weight field shows.
    await form.getByLabel('Weight (kg)', { exact: true }).waitFor({ timeout: 20_000 });
    // Once the service worker is active (precache complete), reload so it controls the page, then offline:
    // the app's lazy chunks then come from the precache, as on a device that has used the app before.
    await first.page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    await first.page.reload();
    await form.getByLabel('Weight (kg)', { exact: true }).waitFor({ timeout: 20_000 });
    expect(await first.page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);

    expected = [
      /ERR_INTERNET_DISCONNECTED/,
      /net::ERR_/,
      /Failed to fetch/,
      /Failed to load resource/,
      /WebSocket/,
    ];
    await first.context.setOffline(true);
    await first.page.waitForFunction(() => !navigator.onLine);
    await form.getByLabel('First name', { exact: true }).fill('<i>Ada</i>');
    await form.getByLabel('Last name', { exact: true }).fill('Lovelace');
    await form.getByLabel('Weight (kg)', { exact: true }).fill('72.5');
    await form.getByRole('button', { name: 'Save profile' }).click();
    await first.page.getByText('Profile updated successfully!').waitFor();
    const card = first.page.getByRole('region', { name: 'Your profile' });
    await card.getByText('<i>Ada</i> Lovelace').waitFor();
    await first.page.waitForTimeout(1_500);
    expect(await serverProfile(me.id)).toMatchObject({ first_name: null, last_name: null, weight_kg: null });

    await first.context.setOffline(false);
    const applied = await eventually(async () => {
      const row = await serverProfile(me.id);
      return row?.last_name === 'Lovelace' && row.weight_kg === '72.5' ? row : undefined;
    }, 30_000);
    expect(applied.first_name).toBe('<i>Ada</i>');

    // A second device of the same user.
    const second = await harness.device(() => expected);
    await signInThroughForm(second.page, me);
    await second.page.goto('/profile');
    const secondCard = second.page.getByRole('region', { name: 'Your profile' });
    await secondCard.getByText('<i>Ada</i> Lovelace').waitFor({ timeout: 20_000 });
    expect(await secondCard.locator('i').count()).toBe(0);
    const secondForm = second.page.getByRole('region', { name: 'Edit profile' });
    await expect
      .poll(() => secondForm.getByLabel('Weight (kg)', { exact: true }).inputValue(), { timeout: 20_000 })
      .toBe('72.5');
  });
});
