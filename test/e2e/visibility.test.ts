// Visibility end to end (issue 14): the production build in Chromium against a fresh emulator, with the
// owner, a friend of the owner and a stranger each in their own browser context. The owner switches
// public → friends only → private on /profile ("Who can see you"); at each level the friend and the
// stranger look at the owner's public profile (/u/{slug}), Discover people (stranger), the friend's friends
// list, the activity feed (/home) and who is at the gym (/gym, where the owner is checked in and which is
// both viewers' home gym), and the owner looks at themselves. The rules (spec, docs/decisions.md,
// migration 20261126110000): public = every member finds the owner and sees profile, friends list and
// activity; friends = only friends; private = only the owner. Gym presence (check-ins) is for friends
// only whatever the level, and never for friends of a private owner. A public control member ("ctl", the
// friend's friend, checked in at the same gym) shows each screen has loaded before an absence is read.
// Set-up (users, friendships, home gyms, check-ins) goes through the RPCs and the service role; what is
// under test goes through the UI.
import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { useAppWithEmulator } from './support/use-app';
import { describeInBrowser } from './support/browser';
import {
  accessToken,
  createUser,
  eventually,
  rpcAs,
  signInThroughForm,
  type TestUser,
} from './support/signed-in-app';

const GYM = 'de-berlin-fitx-kreuzberg';
const LEVELS = [
  { value: 'public', label: 'Public' },
  { value: 'friends', label: 'Friends only' },
  { value: 'private', label: 'Private' },
] as const;
type Level = (typeof LEVELS)[number]['value'];
// Absences are polled: a screen may first show what this device kept from the level before.
const SETTLE = { timeout: 20_000, interval: 250 };

describeInBrowser('visibility as owner, friend and stranger (production build, emulator)', () => {
  const harness = useAppWithEmulator();
  const { rows: sql, befriend } = harness;

  async function signedIn(user: TestUser): Promise<Page> {
    const watched = await harness.device();
    await signInThroughForm(watched.page, user);
    return watched.page;
  }

  it('each level holds on the profile page, discover, friends list, feed and gym presence', async () => {
    const tag = randomUUID().replaceAll('-', '').slice(0, 5);
    const owner = await createUser(harness.app.emulator, `vo${tag}`, { walkthrough_done_v1: true });
    const friend = await createUser(harness.app.emulator, `vf${tag}`, { walkthrough_done_v1: true });
    const stranger = await createUser(harness.app.emulator, `vs${tag}`, { walkthrough_done_v1: true });
    const control = await createUser(harness.app.emulator, `vc${tag}`, { walkthrough_done_v1: true });
    await befriend(owner, friend);
    await befriend(control, friend);
    for (const user of [owner, friend, stranger, control]) {
      await sql(
        `insert into public.home_gyms (id, user_id, gym_id, position) values ($1 || ':' || $2, $1::uuid, $2, 1)`,
        [user.id, GYM],
      );
    }
    for (const user of [owner, control]) {
      await rpcAs(harness.app.emulator, await accessToken(harness.app.emulator, user), 'check_in', {
        p_id: randomUUID(),
        p_gym_id: GYM,
      });
    }
    // Not the level tested first, so that choosing it in the UI is a change.
    await sql(`update public.profiles set visibility = 'private' where id = $1`, [owner.id]);
    const [row] = await sql<{ username: string; handle: string; slug: string }>(
      `select username, username || '#' || discriminator as handle, slug from public.profiles where id = $1`,
      [owner.id],
    );
    const [ctl] = await sql<{ handle: string }>(
      `select username || '#' || discriminator as handle from public.profiles where id = $1`,
      [control.id],
    );
    if (!row || !ctl) throw new Error('profiles missing');
    const name = row.username;
    const friendName = `vf${tag}`;

    const ownerPage = await signedIn(owner);
    const friendPage = await signedIn(friend);
    const strangerPage = await signedIn(stranger);

    /**
     * /u/{slug}: the owner's card, or 'User not found'. On a visible card the recent activity shows the
     * owner's check-in only to those who see the owner's gym presence (`presence`).
     */
    async function profilePage(page: Page, visible: boolean, presence = false): Promise<void> {
      await page.goto(`/u/${row!.slug}`);
      await page
        .getByRole('heading', { level: 1, name: visible ? name : 'User not found', exact: true })
        .waitFor({ timeout: 20_000 });
      if (!visible) {
        expect(await page.getByText(name).count()).toBe(0);
        return;
      }
      const checkIn = page.getByText('Checked in at', { exact: false });
      if (presence) {
        await checkIn.first().waitFor({ timeout: 20_000 });
        return;
      }
      // Loaded: the befriending of the (public) friend, or no activity at all.
      await page
        .getByText(`Became friends with ${friendName}`)
        .or(page.getByText('No recent activity.'))
        .first()
        .waitFor({ timeout: 20_000 });
      await expect.poll(() => checkIn.count(), SETTLE).toBe(0);
    }

    /** /home: the owner's check-in in the feed. */
    async function feed(page: Page, visible: boolean, self = false): Promise<void> {
      await page.goto('/home');
      const checkIns = page.locator('li[data-feed-kind="check_in"]');
      const ownerItem = checkIns.filter({ hasText: self ? 'You' : name });
      if (visible) {
        await ownerItem.first().waitFor({ timeout: 20_000 });
        return;
      }
      // Loaded: the control's check-in (a friend's) or the empty feed (no friends).
      await checkIns
        .filter({ hasText: ctl!.handle.split('#')[0]! })
        .or(page.getByText('No activity yet', { exact: true }))
        .first()
        .waitFor({ timeout: 20_000 });
      await expect.poll(() => ownerItem.count(), SETTLE).toBe(0);
    }

    /** /gym: the owner in "Who is here now" (the control is a friend of the friend only). */
    async function gym(page: Page, visible: boolean, self = false): Promise<void> {
      await page.goto('/gym');
      const here = page.getByRole('list', { name: 'Who is here now' });
      if (self) {
        await here.getByText('You', { exact: true }).waitFor({ timeout: 20_000 });
        return;
      }
      if (visible) {
        // The row reads "name#1234" (the discriminator in its own span): match the name within it.
        await here.getByText(name).waitFor({ timeout: 20_000 });
        return;
      }
      await here
        .getByText(ctl!.handle.split('#')[0]!)
        .or(page.getByText('None of your friends is here right now.'))
        .first()
        .waitFor({ timeout: 20_000 });
      await expect.poll(() => here.getByText(name).count(), SETTLE).toBe(0);
    }

    /** The friend's own friends list on /profile: the owner's entry (the control is always there). */
    async function friendsList(page: Page, visible: boolean): Promise<void> {
      await page.goto('/profile');
      const list = page.getByRole('list', { name: 'Your friends' });
      await list.getByText(ctl!.handle.split('#')[0]!, { exact: false }).first().waitFor({ timeout: 20_000 });
      const entry = list.getByRole('listitem').filter({ hasText: name });
      if (visible) await entry.first().waitFor({ timeout: 20_000 });
      else await expect.poll(() => entry.count(), SETTLE).toBe(0);
    }

    /** The stranger's Discover people, searched for the run's tag: the owner beside the control. */
    async function discover(page: Page, visible: boolean): Promise<void> {
      await page.goto('/profile');
      const region = page.getByRole('region', { name: 'Discover people' });
      await region.getByLabel('Search people').fill(tag);
      await region.getByRole('link', { name: ctl!.handle, exact: true }).waitFor({ timeout: 20_000 });
      const ownerLink = region.getByRole('link', { name: row!.handle, exact: true });
      if (visible) await ownerLink.waitFor({ timeout: 20_000 });
      else await expect.poll(() => ownerLink.count(), SETTLE).toBe(0);
    }

    async function choose(level: (typeof LEVELS)[number]): Promise<void> {
      await ownerPage.goto('/profile');
      const card = ownerPage.getByRole('region', { name: 'Who can see you' });
      const radio = card.getByRole('radio', { name: level.label, exact: true });
      await expect.poll(() => radio.isChecked(), SETTLE).toBe(false);
      // The choice is controlled by the local row: it shows checked once the local write lands.
      await radio.click();
      await ownerPage.getByText('Profile updated successfully!').first().waitFor();
      await expect.poll(() => radio.isChecked(), SETTLE).toBe(true);
      await eventually(async () => {
        const [now] = await sql<{ visibility: Level }>(
          'select visibility from public.profiles where id = $1',
          [owner.id],
        );
        return now?.visibility === level.value ? true : undefined;
      });
    }

    for (const level of LEVELS) {
      await choose(level);
      const toFriend = level.value !== 'private';
      const toStranger = level.value === 'public';

      await profilePage(ownerPage, true, true);
      await feed(ownerPage, true, true);
      await gym(ownerPage, true, true);

      await profilePage(friendPage, toFriend, toFriend);
      await friendsList(friendPage, toFriend);
      await feed(friendPage, toFriend);
      // Presence is for friends, unless the owner is private.
      await gym(friendPage, toFriend);

      // A public owner's check-ins are still not a stranger's to see.
      await profilePage(strangerPage, toStranger, false);
      await discover(strangerPage, toStranger);
      // The feed is friends' activity; presence is never a stranger's, whatever the level.
      await feed(strangerPage, false);
      await gym(strangerPage, false);
    }
  }, 420_000);
});
