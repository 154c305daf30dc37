// Friends end to end (issue 14): the production build in Chromium against a fresh emulator, two users in
// their own browser contexts. A sends a request to B by handle while offline (shown at once as waiting,
// nothing on the server), comes back online and it arrives once; B accepts; both see each other in the
// friends list; A removes B after confirming. A cancels a later request. An unknown handle is refused with
// 'User not found' in the dialog (online), and a refusal arriving after an offline send shows in German.
import type { Locator, Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { describeInBrowser } from './support/browser';
import { useAppWithEmulator } from './support/use-app';
import {
  createUser,
  eventually,
  signInThroughForm,
  type TestUser,
  type WatchedContext,
} from './support/signed-in-app';

// Offline requests fail in the console; a refused RPC answers 4xx.
const OFFLINE_AND_REFUSALS = [
  /ERR_INTERNET_DISCONNECTED/,
  /net::ERR_/,
  /Failed to fetch/,
  /Failed to load resource/,
  /WebSocket/,
  /HTTP 400: POST .*\/rest\/v1\/rpc\/add_friend_by_handle/,
];

describeInBrowser('friends (production build, emulator)', () => {
  const harness = useAppWithEmulator();
  const { rows } = harness;

  const handleOf = async (user: TestUser) => {
    const [p] = await rows<{ username: string; discriminator: string }>(
      'select username, discriminator from public.profiles where id = $1',
      [user.id],
    );
    return `${p!.username}#${p!.discriminator}`;
  };

  const requests = (from: TestUser, to: TestUser) =>
    rows<{ status: string }>(
      'select status from public.friend_requests where sender_id = $1 and receiver_id = $2 order by created_at',
      [from.id, to.id],
    );

  async function openSignedIn(user: TestUser): Promise<WatchedContext> {
    const watched = await harness.device(() => OFFLINE_AND_REFUSALS);
    await signInThroughForm(watched.page, user);
    await watched.page.goto('/profile');
    await watched.page
      .getByRole('heading', { level: 2, name: 'Friends', exact: true })
      .waitFor({ timeout: 20_000 });
    return watched;
  }

  async function openAddFriend(page: Page, texts = { open: 'Add friend', title: 'Add a friend' }) {
    await page
      .locator('[data-walkthrough="profile-actions"]')
      .getByRole('button', { name: texts.open })
      .click();
    const dialog = page.getByRole('dialog', { name: texts.title });
    await dialog.waitFor();
    return dialog;
  }

  async function submitHandle(dialog: Locator, handle: string) {
    await dialog.getByRole('textbox').fill(handle);
    await dialog.locator('button[type="submit"]').click();
  }

  async function addFriend(page: Page, handle: string) {
    const dialog = await openAddFriend(page);
    await submitHandle(dialog, handle);
    return dialog;
  }

  const SENT_OR_SENDING = /^(Friend request sent!|Sending your request to .+)$/;
  const friendsList = (page: Page) => page.getByRole('list', { name: 'Your friends' });
  const sentRequests = (page: Page, name = 'Sent requests') => page.getByRole('region', { name });

  it('sends by handle offline, delivered once; accepted; both see each other; remove with confirmation', async () => {
    const a = await createUser(harness.app.emulator, 'asker', { walkthrough_done_v1: true });
    const b = await createUser(harness.app.emulator, 'buddy', { walkthrough_done_v1: true });
    const aHandle = await handleOf(a);
    const bHandle = await handleOf(b);

    const c = await createUser(harness.app.emulator, 'cousin', { walkthrough_done_v1: true });
    const { page, context } = await openSignedIn(a);
    // Online first, a request to C, then cancelled. (It also loads the toast host while online: the first
    // toast of a page shown offline failed to load its chunk from the precache, see the session report.)
    const cHandle = await handleOf(c);
    await addFriend(page, cHandle);
    // 'sent' when the server answers within the dialog's wait, else 'on its way' (a busy machine).
    await page.getByText(SENT_OR_SENDING).waitFor({ timeout: 20_000 });
    await sentRequests(page)
      .getByRole('button', { name: `Cancel friend request to ${cHandle}` })
      .click({ timeout: 20_000 });
    await page.getByText('Friend request cancelled.').waitFor();
    await sentRequests(page).getByText('No requests waiting for an answer.').waitFor();
    await eventually(
      async () => ((await requests(a, c))[0]?.status === 'cancelled' ? true : undefined),
      20_000,
    );

    // The dialog is opened online; the request is sent offline.
    const dialog = await openAddFriend(page);
    await context.setOffline(true);
    await submitHandle(dialog, bHandle);
    await dialog.waitFor({ state: 'hidden' });
    await page
      .getByText(`You are offline. The request to ${bHandle} will be sent when you are back online.`)
      .waitFor();
    await sentRequests(page).getByText(bHandle).waitFor();
    await sentRequests(page).getByText('Will be sent when you are online').waitFor();
    await page.waitForTimeout(1_000);
    expect(await requests(a, b)).toEqual([]);

    await context.setOffline(false);
    await eventually(async () => ((await requests(a, b)).length > 0 ? true : undefined), 30_000);
    // The row came back with the pull: the request now waits for B's answer, shown by B's handle.
    await sentRequests(page).getByText('Waiting for an answer').waitFor({ timeout: 20_000 });
    await sentRequests(page).getByText(bHandle).waitFor();
    expect(await requests(a, b)).toEqual([{ status: 'pending' }]);

    const theirs = await openSignedIn(b);
    await theirs.page
      .getByRole('button', { name: `Accept friend request from ${a.username}` })
      .click({ timeout: 20_000 });
    await friendsList(theirs.page).getByRole('link', { name: aHandle }).waitFor({ timeout: 20_000 });
    await friendsList(page).getByRole('link', { name: bHandle }).waitFor({ timeout: 30_000 });
    await sentRequests(page).getByText('No requests waiting for an answer.').waitFor();
    expect(await requests(a, b)).toEqual([{ status: 'accepted' }]);
    expect(await friendsList(page).getByRole('link', { name: bHandle }).getAttribute('href')).toBe(
      `/p/${b.id}`,
    );

    await friendsList(page)
      .getByRole('button', { name: `Remove ${bHandle} from your friends` })
      .click();
    const confirm = page.getByRole('dialog', { name: 'Remove friend?' });
    await confirm.getByRole('button', { name: 'Remove friend' }).click();
    await friendsList(page).getByRole('link', { name: bHandle }).waitFor({ state: 'detached' });
    await eventually(
      async () =>
        (await rows('select 1 from public.friendships where not _deleted and user_id = $1', [a.id]))
          .length === 0
          ? true
          : undefined,
      20_000,
    );
    await page.getByText('No friends yet. Add one with their Spotter ID.').waitFor({ timeout: 20_000 });
  });

  it('cancels a sent request; an unknown handle is refused, at once online and later offline (German)', async () => {
    const a = await createUser(harness.app.emulator, 'sender', { walkthrough_done_v1: true });
    const b = await createUser(harness.app.emulator, 'target', { walkthrough_done_v1: true });
    const bHandle = await handleOf(b);
    const { page, context } = await openSignedIn(a);

    await addFriend(page, bHandle);
    // 'sent' when the server answers within the dialog's wait, else 'on its way' (a busy machine).
    await page.getByText(SENT_OR_SENDING).waitFor({ timeout: 20_000 });
    await sentRequests(page).getByText('Waiting for an answer').waitFor({ timeout: 20_000 });
    await sentRequests(page)
      .getByRole('button', { name: `Cancel friend request to ${bHandle}` })
      .click();
    await page.getByText('Friend request cancelled.').waitFor();
    await sentRequests(page).getByText('No requests waiting for an answer.').waitFor();
    await eventually(
      async () => ((await requests(a, b))[0]?.status === 'cancelled' ? true : undefined),
      20_000,
    );

    const refused = await addFriend(page, 'ghost#0404');
    await refused.getByText('User not found').waitFor({ timeout: 20_000 });
    await refused.getByRole('button', { name: 'Cancel' }).click();

    await rows(
      `insert into public.user_settings (id, user_id, language) values ($1::uuid::text, $1::uuid, 'de')
       on conflict (id) do update set language = excluded.language`,
      [a.id],
    );
    await page.getByRole('heading', { level: 2, name: 'Freunde', exact: true }).waitFor({ timeout: 20_000 });
    const german = await openAddFriend(page, { open: 'Freund hinzufügen', title: 'Freund hinzufügen' });
    await context.setOffline(true);
    await submitHandle(german, 'ghost#0404');
    await sentRequests(page, 'Gesendete Anfragen')
      .getByText('Wird gesendet, sobald du online bist')
      .waitFor();
    await context.setOffline(false);
    await page
      .getByRole('alert')
      .filter({
        hasText: 'Deine Freundschaftsanfrage an ghost#0404 wurde nicht gesendet: Benutzer nicht gefunden',
      })
      .waitFor({ timeout: 30_000 });
  });
});
