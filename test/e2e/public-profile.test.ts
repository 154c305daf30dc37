// Public profiles and invitations end to end (issue 14): the production build in Chromium against a fresh
// emulator that requires e-mail confirmation. A signed-out visitor of /u/{slug} sees a public user's card,
// 'User not found' for a private one and 'Invalid profile link' for a malformed /p/ link (also in German);
// a signed-in stranger sends a friend request from the page; offline a friend's profile comes from the
// device; a visitor who follows the invite link registers, verifies through the inbox, and the inviter
// then has the request.
import type { BrowserContextOptions } from 'playwright-core';
import { beforeAll, beforeEach, expect, it } from 'vitest';
import { inboxLink, TEST_PASSWORD, uniqueEmail } from './support/accounts';
import { useAppWithEmulator } from './support/use-app';
import { seriousAxeViolations } from './support/axe';
import { describeInBrowser } from './support/browser';
import { createUser, eventually, signInThroughForm, type TestUser } from './support/signed-in-app';

describeInBrowser('public profiles and invite (production build, emulator)', () => {
  const harness = useAppWithEmulator({ confirmEmail: true });
  let pub: TestUser;
  let priv: TestUser;
  let pubSlug: string;
  let privSlug: string;
  /** Console problems an offline test expects (failed requests while the device is offline). */
  let offlineProblems: RegExp[] = [];

  const slugOf = async (id: string) =>
    (
      await harness.app.emulator.engine.query<{ slug: string }>(
        'select slug from public.profiles where id = $1',
        [id],
      )
    ).rows[0]!.slug;

  const pendingRequests = async (senderId: string, receiverId: string) =>
    Number(
      (
        await harness.app.emulator.engine.query<{ n: string }>(
          `select count(*)::text as n from public.friend_requests
            where sender_id = $1 and receiver_id = $2 and status = 'pending'`,
          [senderId, receiverId],
        )
      ).rows[0]!.n,
    );

  const open = async (options: BrowserContextOptions = {}) => harness.device(() => offlineProblems, options);

  beforeEach(() => {
    offlineProblems = [];
  });

  beforeAll(async () => {
    pub = await createUser(harness.app.emulator, 'pubmia', { walkthrough_done_v1: true });
    priv = await createUser(harness.app.emulator, 'privtom', { walkthrough_done_v1: true });
    await harness.app.emulator.engine.query(
      `update public.profiles set visibility = 'private' where id = $1`,
      [priv.id],
    );
    pubSlug = await slugOf(pub.id);
    privSlug = await slugOf(priv.id);
  });

  it('a signed-out visitor: a public card, User not found for a private user, Invalid profile link', async () => {
    const { page } = await open();
    await page.goto(`/u/${pubSlug}`);
    await page.getByRole('heading', { level: 1, name: 'pubmia' }).waitFor();
    await page.getByText(/^pubmia#\d{4}$/).waitFor();
    await page.getByText('Current streak').waitFor();
    expect(
      await page.getByRole('main').getByRole('link', { name: 'Create account' }).getAttribute('href'),
    ).toBe(`/register?invite=${pubSlug}`);
    // The public frame (footer) around it, not the app shell.
    await page.getByRole('link', { name: 'Legal notice' }).waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);

    await page.goto(`/u/${privSlug}`);
    await page.getByRole('heading', { level: 1, name: 'User not found' }).waitFor();
    expect(await page.getByText('privtom').count()).toBe(0);

    await page.goto('/p/xyz');
    await page.getByRole('heading', { level: 1, name: 'Invalid profile link' }).waitFor();
    // The same profile by id.
    await page.goto(`/p/${pub.id}`);
    await page.getByRole('heading', { level: 1, name: 'pubmia' }).waitFor();
  });

  it('speaks German', async () => {
    const { page } = await open({ locale: 'de-DE' });
    await page.goto(`/u/${privSlug}`);
    await page.getByRole('heading', { level: 1, name: 'Benutzer nicht gefunden' }).waitFor();
    await page.goto(`/u/${pubSlug}`);
    await page.getByText('Aktuelle Serie').waitFor();
    await page.getByRole('main').getByRole('link', { name: 'Konto erstellen' }).waitFor();
  });

  it('a signed-in stranger sends a friend request from the page, inside the app shell', async () => {
    const stranger = await createUser(harness.app.emulator, 'strangerx', { walkthrough_done_v1: true });
    const { page } = await open();
    await signInThroughForm(page, stranger);
    await page.goto(`/u/${pubSlug}`);
    await page.getByRole('heading', { level: 1, name: 'pubmia' }).waitFor({ timeout: 20_000 });
    // Members see recent activity, and the shell's navigation is there.
    await page.getByRole('heading', { name: 'Recent activity' }).waitFor();
    await page.getByRole('link', { name: 'Plan' }).first().waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Add friend' }).click();
    await page.getByText('Friend request sent').waitFor();
    await eventually(async () => ((await pendingRequests(stranger.id, pub.id)) === 1 ? true : undefined));
  });

  it("offline, a friend's profile comes from this device", async () => {
    const owner = await createUser(harness.app.emulator, 'ownerfo', { walkthrough_done_v1: true });
    const buddy = await createUser(harness.app.emulator, 'buddyfo', { walkthrough_done_v1: true });
    await harness.app.emulator.engine.query(
      `update public.profiles set visibility = 'friends' where id = $1`,
      [owner.id],
    );
    await harness.app.emulator.engine.query(
      `insert into public.friendships (id, user_id, friend_id)
       values ($1 || ':' || $2, $1::uuid, $2::uuid), ($2 || ':' || $1, $2::uuid, $1::uuid)`,
      [owner.id, buddy.id],
    );
    const slug = await slugOf(owner.id);
    const { page, context } = await open();
    await signInThroughForm(page, buddy);
    await page.goto(`/u/${slug}`);
    await page.getByRole('heading', { level: 1, name: 'ownerfo' }).waitFor({ timeout: 20_000 });
    await page.getByText('Friends', { exact: true }).waitFor();
    // Once the service worker controls the page, the app itself loads offline (as on a used device).
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'ownerfo' }).waitFor({ timeout: 20_000 });

    offlineProblems = [
      /ERR_INTERNET_DISCONNECTED/,
      /net::ERR_/,
      /Failed to fetch/,
      /Failed to load resource/,
      /WebSocket/,
    ];
    // The friend's row reaches this device with the first pull after sign-in: try offline until it has.
    await eventually(async () => {
      await context.setOffline(true);
      await page.goto(`/u/${slug}`);
      const fromDevice = page.getByText(
        'You are offline: this is the profile as last synced to this device.',
      );
      const missing = page.getByRole('heading', { level: 1, name: 'Profile could not be loaded' });
      await fromDevice.or(missing).waitFor({ timeout: 20_000 });
      if (await fromDevice.isVisible()) return true;
      await context.setOffline(false);
      await page.goto(`/u/${slug}`);
      await page.getByRole('heading', { level: 1, name: 'ownerfo' }).waitFor({ timeout: 20_000 });
      return undefined;
    }, 60_000);
    await page.getByRole('heading', { level: 1, name: 'ownerfo' }).waitFor();
    await page.getByText('Friends', { exact: true }).waitFor();
    await context.setOffline(false);
  });

  it('the invite link: register signed out, verify through the inbox, the inviter has the request', async () => {
    const { page } = await open();
    await page.goto(`/u/${pubSlug}`);
    await page.getByRole('main').getByRole('link', { name: 'Create account' }).click();
    await page.waitForURL(`**/register?invite=${pubSlug}`);
    const address = uniqueEmail('ivy');
    await page.getByLabel('First name').fill('Ivy');
    await page.getByLabel('Last name').fill('Brandt');
    await page.getByLabel('Email').fill(address);
    await page.getByLabel('Password', { exact: true }).and(page.locator('input')).fill(TEST_PASSWORD);
    await page.getByLabel('Confirm password').fill(TEST_PASSWORD);
    await page.getByRole('checkbox').check();
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.getByText('Account created! Please check your email to verify.').waitFor();

    // The verification link signs in (first sign-in) and the request to the inviter follows once.
    await page.goto(await inboxLink(harness.app.emulator, address, 'signup'));
    await page.getByRole('heading', { level: 1, name: 'Welcome, Ivy' }).waitFor({ timeout: 20_000 });
    const ivy = (
      await harness.app.emulator.engine.query<{ id: string }>('select id from auth.users where email = $1', [
        address,
      ])
    ).rows[0]!.id;
    await eventually(async () => ((await pendingRequests(ivy, pub.id)) === 1 ? true : undefined), 30_000);
    await page.getByText('Friend request sent to pubmia, who invited you.').waitFor();
    // Sent once: a reload does not send it again, and the stored invite is gone.
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Welcome, Ivy' }).waitFor({ timeout: 20_000 });
    expect(await page.evaluate(() => localStorage.getItem('spotter.pendingInvite.v1'))).toBeNull();
    expect(
      Number(
        (
          await harness.app.emulator.engine.query<{ n: string }>(
            'select count(*)::text as n from public.friend_requests where sender_id = $1',
            [ivy],
          )
        ).rows[0]!.n,
      ),
    ).toBe(1);

    // The inviter sees the incoming request on /profile.
    const inviter = await open();
    await signInThroughForm(inviter.page, pub);
    await inviter.page.goto('/profile');
    await inviter.page
      .getByRole('button', { name: /Accept friend request from Ivy/ })
      .waitFor({ timeout: 20_000 });
    // The invite section there holds the same link, also as a QR code.
    const link = `${harness.app.baseUrl}/u/${pubSlug}`;
    const invite = inviter.page.getByRole('region', { name: 'Invite friends' });
    expect(await invite.getByRole('textbox', { name: 'Your profile link' }).inputValue()).toBe(link);
    const qr = invite.getByRole('img', { name: 'QR code of your profile link' });
    await qr.waitFor();
    expect(await qr.getAttribute('data-qr-value')).toBe(link);
  });
});
