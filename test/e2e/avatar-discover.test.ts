// Avatar, photo and Discover people end to end (issue 14): the production build in Chromium against a
// fresh emulator. I pick avatar3 and the header shows it; I upload a photo (a 600×400 PNG drawn here),
// which the browser cuts to a 256px square before the real supabase-js upload; a friend in a second
// browser context sees it; I remove it (object and field gone). Discover shows a public member and not a
// private one, and Add friend from it sends a request.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import type {} from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeInBrowser } from './support/browser';
import { useAppWithEmulator } from './support/use-app';
import {
  accessToken,
  createUser,
  eventually,
  rpcAs,
  signInThroughForm,
  type TestUser,
  type WatchedContext,
} from './support/signed-in-app';

const GYM = 'de-berlin-fitx-kreuzberg';

describeInBrowser('avatar, photo and discover (production build, emulator)', () => {
  const harness = useAppWithEmulator();
  let tempDir = '';

  beforeAll(async () => {
    tempDir = await mkdtemp(join(tmpdir(), 'spotter-avatar-'));
  });

  afterAll(async () => {
    if (tempDir) await rm(tempDir, { recursive: true, force: true });
  });

  const rows = async <R>(sql: string, params: unknown[]) =>
    (await harness.app.emulator.engine.query<R>(sql, params)).rows;
  const pictureOf = async (id: string) =>
    (
      await rows<{ avatar_id: string | null; profile_picture_url: string | null }>(
        'select avatar_id, profile_picture_url from public.profiles where id = $1',
        [id],
      )
    )[0];
  const objectsOf = async (id: string) =>
    (
      await rows<{ name: string }>(
        `select name from storage.objects where bucket_id = 'avatars' and name like $1`,
        [`${id}/%`],
      )
    ).map((r) => r.name);

  async function befriend(a: TestUser, b: TestUser): Promise<void> {
    const aToken = await accessToken(harness.app.emulator, a);
    const bToken = await accessToken(harness.app.emulator, b);
    await rpcAs(harness.app.emulator, aToken, 'send_friend_request', { p_receiver_id: b.id });
    const [request] = await rows<{ id: string }>(
      "select id from public.friend_requests where sender_id = $1 and receiver_id = $2 and status = 'pending'",
      [a.id, b.id],
    );
    await rpcAs(harness.app.emulator, bToken, 'respond_friend_request', {
      p_request_id: request?.id,
      p_accept: true,
    });
  }

  /** A 600×400 PNG drawn by Chromium's canvas (a red left half, a blue right half), as a temp file. */
  async function drawnPng(page: WatchedContext['page']): Promise<string> {
    const base64 = await page.evaluate(() => {
      const canvas = document.createElement('canvas');
      canvas.width = 600;
      canvas.height = 400;
      const g = canvas.getContext('2d');
      if (!g) throw new Error('no canvas');
      g.fillStyle = '#d22';
      g.fillRect(0, 0, 300, 400);
      g.fillStyle = '#22d';
      g.fillRect(300, 0, 300, 400);
      return canvas.toDataURL('image/png').split(',')[1] ?? '';
    });
    const file = join(tempDir, `photo-${randomUUID().slice(0, 8)}.png`);
    await writeFile(file, Buffer.from(base64, 'base64'));
    return file;
  }

  it('picks avatar3 (header shows it), uploads a photo a friend sees, removes it', async () => {
    const me = await createUser(harness.app.emulator, 'picker', { walkthrough_done_v1: true });
    const friend = await createUser(harness.app.emulator, 'watcher', { walkthrough_done_v1: true });
    await befriend(me, friend);
    // An activity of mine in the friend's feed, where my picture shows next to it.
    await rpcAs(harness.app.emulator, await accessToken(harness.app.emulator, me), 'check_in', {
      p_id: randomUUID(),
      p_gym_id: GYM,
    });

    const mine = await harness.device();
    await signInThroughForm(mine.page, me);
    await mine.page.goto('/profile');
    const section = mine.page.getByRole('region', { name: 'Avatar and photo' });
    await section.waitFor({ timeout: 20_000 });

    // Avatar: written locally at once (the header follows), then delivered to the server.
    await section.getByRole('button', { name: 'Avatar 3', exact: true }).click();
    await mine.page.getByText('Profile updated successfully!').waitFor();
    await mine.page.locator('header img[src$="/avatars/avatar3.png"]').first().waitFor();
    await eventually(async () => ((await pictureOf(me.id))?.avatar_id === 'avatar3' ? true : undefined));
    expect(
      await section.getByRole('button', { name: 'Avatar 3', exact: true }).getAttribute('aria-pressed'),
    ).toBe('true');

    // Photo: resized in the browser, uploaded into my own folder, its URL saved on the profile.
    const png = await drawnPng(mine.page);
    await section.locator('input[type="file"]').setInputFiles(png);
    await mine.page.getByText('Profile picture updated!').waitFor({ timeout: 20_000 });
    const saved = await eventually(async () => {
      const url = (await pictureOf(me.id))?.profile_picture_url;
      return url ? url : undefined;
    });
    expect(saved).toMatch(new RegExp(`/storage/v1/object/public/avatars/${me.id}/[0-9a-f-]+\\.webp$`));
    expect(await objectsOf(me.id)).toHaveLength(1);
    const preview = section.getByRole('img', { name: 'Your current picture' });
    await expect.poll(() => preview.getAttribute('src')).toBe(saved);
    // The stored picture is the 256px square, not the 600×400 original.
    const size = await mine.page.evaluate(async (src) => {
      const image = new Image();
      image.src = src;
      await image.decode();
      return [image.naturalWidth, image.naturalHeight];
    }, saved);
    expect(size).toEqual([256, 256]);
    // The photo wins over the avatar in the header too.
    await mine.page.locator(`header img[src="${saved}"]`).first().waitFor();
    await section.getByText('While you have a photo, everyone sees the photo.', { exact: false }).waitFor();

    // The friend, on their own device, sees my photo next to my check-in.
    const theirs = await harness.device();
    await signInThroughForm(theirs.page, friend);
    const friendSees = theirs.page.locator(`img[src="${saved}"]`).first();
    await friendSees.waitFor({ timeout: 30_000 });
    await expect.poll(() => friendSees.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBe(256);

    // Remove: the field is cleared and the object deleted; the avatar shows again.
    await section.getByRole('button', { name: 'Remove photo' }).click();
    await mine.page.getByText('Profile picture removed.').waitFor();
    await expect.poll(() => preview.getAttribute('src')).toMatch(/\/avatars\/avatar3\.png$/);
    await eventually(async () => ((await pictureOf(me.id))?.profile_picture_url === null ? true : undefined));
    await eventually(async () => ((await objectsOf(me.id)).length === 0 ? true : undefined));
    expect((await fetch(saved)).status).not.toBe(200);
  });

  it('Discover shows a public member, not a private one; Add friend sends a request', async () => {
    const tag = randomUUID().slice(0, 4);
    const me = await createUser(harness.app.emulator, `seek${tag}`, { walkthrough_done_v1: true });
    const open = await createUser(harness.app.emulator, `dpub${tag}`, { walkthrough_done_v1: true });
    const hidden = await createUser(harness.app.emulator, `dpriv${tag}`, { walkthrough_done_v1: true });
    await harness.app.emulator.engine.query(
      `update public.profiles set visibility = 'private' where id = $1`,
      [hidden.id],
    );
    const [openRow = { handle: '', level: 0 }] = await rows<{ handle: string; level: number }>(
      `select username || '#' || discriminator as handle, level from public.profiles where id = $1`,
      [open.id],
    );

    const mine = await harness.device();
    await signInThroughForm(mine.page, me);
    await mine.page.goto('/profile');
    const discover = mine.page.getByRole('region', { name: 'Discover people' });
    await discover.getByLabel('Search people').fill(tag);
    const link = discover.getByRole('link', { name: openRow.handle, exact: true });
    await link.waitFor({ timeout: 20_000 });
    expect(await link.getAttribute('href')).toBe(`/p/${open.id}`);
    // The search is debounced: until it answers, the list still shows everyone (other tests' members).
    await expect.poll(() => discover.getByRole('listitem').count(), { timeout: 20_000 }).toBe(1);
    const row = discover.getByRole('listitem').filter({ hasText: openRow.handle });
    await row.getByText(`Level ${openRow.level}`, { exact: true }).waitFor();
    expect(await discover.getByText(`dpriv${tag}`, { exact: false }).count()).toBe(0);

    await discover.getByRole('button', { name: `Add ${openRow.handle} as a friend` }).click();
    await mine.page.getByText('Friend request sent!').waitFor();
    await discover.getByText('Request sent', { exact: true }).waitFor();
    await eventually(async () => {
      const sent = await rows<{ id: string }>(
        "select id from public.friend_requests where sender_id = $1 and receiver_id = $2 and status = 'pending'",
        [me.id, open.id],
      );
      return sent.length === 1 ? true : undefined;
    }, 30_000);
  });
});
