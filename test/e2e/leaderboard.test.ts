// @clock-sensitive: this week's leaderboard
// The friends' weekly leaderboard end to end: the production build in Chromium against a fresh emulator,
// two users who became friends through the real friend-request RPCs. I watch /home; my friend plans a
// workout on their own device (the REST API with their token), the server awards XP, and my card moves
// them to the top live, with my own place below. The whole board is on /profile.
import { randomUUID } from 'node:crypto';
import { expect, it } from 'vitest';
import { seriousAxeViolations } from './support/axe';
import { describeInBrowser } from './support/browser';
import { useAppWithEmulator } from './support/use-app';
import { accessToken, createUser, signInThroughForm, type WatchedContext } from './support/signed-in-app';

describeInBrowser('weekly leaderboard (production build, emulator)', () => {
  const harness = useAppWithEmulator();
  const { rows } = harness;

  it('shows a friend’s XP this week live on /home, and the whole board on /profile', async () => {
    const me = await createUser(harness.app.emulator, 'boarder', { walkthrough_done_v1: true });
    const friend = await createUser(harness.app.emulator, 'climber', { walkthrough_done_v1: true });
    const friendToken = await accessToken(harness.app.emulator, friend);
    await harness.befriend(me, friend);

    const mine = await harness.device();
    const { page } = mine;
    await signInThroughForm(page, me);
    const card = page.locator('section[aria-labelledby="leaderboard-card-title"]');
    const boardRows = card.getByTestId('leaderboard-row');
    await expect.poll(() => boardRows.count(), { timeout: 20_000 }).toBe(2);

    // My friend plans a workout for today (their zone, from the server's clock) on their own device.
    const [today] = await rows<{ d: string }>(
      'select ((now() at time zone timezone)::date)::text as d from public.profiles where id = $1',
      [friend.id],
    );
    const response = await fetch(`${harness.app.emulator.url}/rest/v1/workouts`, {
      method: 'POST',
      headers: {
        apikey: harness.app.emulator.status.ANON_KEY,
        authorization: `Bearer ${friendToken}`,
        'content-type': 'application/json',
        prefer: 'return=minimal',
      },
      body: JSON.stringify({ id: randomUUID(), user_id: friend.id, type: 'hiit', date: today?.d }),
    });
    expect(response.status).toBe(201);
    const [earned] = await rows<{ n: number }>(
      'select coalesce(sum(amount), 0)::int as n from public.xp_events where user_id = $1',
      [friend.id],
    );
    expect(earned?.n).toBeGreaterThan(0);

    // Live: the friend is first with their XP, I am second.
    const first = boardRows.first();
    await first.filter({ hasText: 'climber' }).waitFor({ timeout: 30_000 });
    await first.getByText(`${earned?.n} XP`, { exact: true }).waitFor();
    await card.getByText('You are number 2 of 2').waitFor();
    expect(await boardRows.nth(1).getAttribute('aria-current')).toBe('true');
    expect(await seriousAxeViolations(page)).toEqual([]);

    // The whole board on /profile, from the same local document.
    await card.getByRole('link', { name: 'See the whole leaderboard' }).click();
    const section = page.locator('section#leaderboard');
    await section.getByRole('heading', { name: 'Weekly leaderboard' }).waitFor();
    await expect.poll(() => section.getByTestId('leaderboard-row').count()).toBe(2);
    await section.getByTestId('leaderboard-row').first().filter({ hasText: 'climber' }).waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
  });

  it('counts from Monday 00:00 in each viewer’s zone (Kiritimati and Honolulu)', async () => {
    const zones = { kiri: 'Pacific/Kiritimati', hono: 'Pacific/Honolulu' } as const;
    const pal = await createUser(harness.app.emulator, 'pal', { walkthrough_done_v1: true });
    const viewers = {
      kiri: await createUser(harness.app.emulator, 'kiri', { walkthrough_done_v1: true }),
      hono: await createUser(harness.app.emulator, 'hono', { walkthrough_done_v1: true }),
    };
    for (const viewer of Object.values(viewers)) {
      await harness.befriend(viewer, pal);
    }
    // Each viewer signs in on a device in their zone, which becomes their profile's zone.
    const pages = {} as Record<keyof typeof zones, WatchedContext>;
    for (const key of ['kiri', 'hono'] as const) {
      const device = await harness.device(undefined, { timezoneId: zones[key] });
      await signInThroughForm(device.page, viewers[key]);
      pages[key] = device;
      await expect
        .poll(
          async () =>
            (
              await rows<{ z: string }>('select timezone as z from public.profiles where id = $1', [
                viewers[key].id,
              ])
            )[0]?.z,
          { timeout: 20_000 },
        )
        .toBe(zones[key]);
    }
    const palXp = await rows<{ n: number }>(
      'select coalesce(sum(amount), 0)::int as n from public.xp_events where user_id = $1',
      [pal.id],
    );
    expect(palXp[0]?.n).toBe(0);

    // Pal's XP an hour before and between Monday 00:00 and now, for each viewer's Monday (server clock).
    const mondayMs = async (zone: string) =>
      Number(
        (
          await rows<{ ms: string }>(
            `with t as (select (now() at time zone $1)::date as d)
             select (extract(epoch from ((d - (date_part('isodow', d)::int - 1))::timestamp at time zone $1)) * 1000)::bigint::text as ms
             from t`,
            [zone],
          )
        )[0]?.ms,
      );
    const now = Number(
      (await rows<{ ms: string }>('select (extract(epoch from now()) * 1000)::bigint::text as ms', []))[0]
        ?.ms,
    );
    const mondays = { kiri: await mondayMs(zones.kiri), hono: await mondayMs(zones.hono) };
    const events = [
      { ms: mondays.kiri - 3_600_000, amount: 1 },
      { ms: Math.floor((mondays.kiri + now) / 2), amount: 2 },
      { ms: mondays.hono - 3_600_000, amount: 4 },
      { ms: Math.floor((mondays.hono + now) / 2), amount: 8 },
    ];
    for (const e of events) {
      await rows(
        `insert into public.xp_events (user_id, source, source_id, amount, created_at)
         values ($1, 'daily_challenge', $2, $3, to_timestamp($4::double precision / 1000))`,
        [pal.id, randomUUID(), e.amount, e.ms],
      );
    }
    for (const key of ['kiri', 'hono'] as const) {
      // Distinct powers of two: the sum names exactly the events counted for this viewer.
      const expected = events.filter((e) => e.ms >= mondays[key]).reduce((sum, e) => sum + e.amount, 0);
      const card = pages[key].page.locator('section[aria-labelledby="leaderboard-card-title"]');
      const palRow = card.getByTestId('leaderboard-row').filter({ hasText: 'pal#' });
      await palRow.getByText(`${expected} XP`, { exact: true }).waitFor({ timeout: 30_000 });
      expect(await card.getByTestId('leaderboard-row').first().textContent()).toContain('pal#');
    }
  });
});
