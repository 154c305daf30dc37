// profiles.profile_picture_url names only a file in the user's own folder of the avatars bucket
// (migration 20261126162000): a tracking pixel, another user's folder or a path outside the bucket is
// refused with 23514, set by the user through PostgREST's role; a row written before the rule keeps its
// URL while other columns change.
import { beforeAll, expect, it } from 'vitest';
import { describeEachEngine } from '../../support/engines';
import { createUserWith, expectRefusal, one } from './helpers';

const MESSAGE = 'Invalid profile picture URL: it must be a picture in your own folder of the avatars bucket';

describeEachEngine('profile picture URL rule', (ctx) => {
  let me: string;
  let other: string;

  beforeAll(async () => {
    me = await createUserWith(ctx, 'picurl');
    other = await createUserWith(ctx, 'picother');
  });

  const setPicture = (url: string | null, who = me) =>
    ctx.as(who, (tx) =>
      tx.query('update public.profiles set profile_picture_url = $2 where id = $1', [who, url]),
    );
  const pictureOf = async (id: string) =>
    (
      await one<{ url: string | null }>(
        ctx.engine(),
        'select profile_picture_url as url from public.profiles where id = $1',
        [id],
      )
    ).url;

  it('accepts the public URL of a file in the own folder (hosted https, or the local stack on loopback)', async () => {
    for (const url of [
      `https://abcdefgh.supabase.co/storage/v1/object/public/avatars/${me}/0193a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b.webp`,
      `http://127.0.0.1:54321/storage/v1/object/public/avatars/${me}/a.jpg`,
      `http://localhost:5173/storage/v1/object/public/avatars/${me}/photo_1-x.png`,
      `http://[::1]:8080/storage/v1/object/public/avatars/${me}/p.gif`,
    ]) {
      const result = await setPicture(url);
      expect(result.rowCount).toBe(1);
      expect(await pictureOf(me)).toBe(url);
    }
    await setPicture(null);
    expect(await pictureOf(me)).toBeNull();
  });

  it("refuses another user's folder, other paths and hosts, and odd file names", async () => {
    const bucket = '/storage/v1/object/public/avatars';
    for (const url of [
      `https://abcdefgh.supabase.co${bucket}/${other}/a.webp`,
      'https://tracker.example/pixel.gif',
      `https://tracker.example/pixel.gif?u=${me}`,
      `https://abcdefgh.supabase.co${bucket}/${me}/a.webp?track=1`,
      `https://abcdefgh.supabase.co${bucket}/${me}/a.webp#x`,
      `https://abcdefgh.supabase.co${bucket}/${me}/sub/a.webp`,
      `https://abcdefgh.supabase.co${bucket}/${me}/..`,
      `https://abcdefgh.supabase.co${bucket}/${me}/%2e%2e`,
      `https://abcdefgh.supabase.co${bucket}/${me}/`,
      `https://abcdefgh.supabase.co/storage/v1/object/public/other-bucket/${me}/a.webp`,
      `https://abcdefgh.supabase.co/x${bucket}/${me}/a.webp`,
      `https://user@tracker.example${bucket}/${me}/a.webp`,
      `http://tracker.example${bucket}/${me}/a.webp`,
      `http://127.0.0.1.tracker.example${bucket}/${me}/a.webp`,
      `javascript:alert(1)//${bucket}/${me}/a.webp`,
      `//tracker.example${bucket}/${me}/a.webp`,
      `${bucket}/${me}/a.webp`,
      '',
    ]) {
      await expectRefusal(() => setPicture(url), '23514', MESSAGE);
    }
    expect(await pictureOf(me)).toBeNull();
    expect(await pictureOf(other)).toBeNull();
  });

  it('checks a new profile row too', async () => {
    await expectRefusal(
      () =>
        ctx
          .engine()
          .query(
            `insert into public.profiles (id, username, profile_picture_url) values (gen_random_uuid(), 'newpic', $1)`,
            ['https://tracker.example/pixel.gif'],
          ),
      '23514',
      MESSAGE,
    );
  });

  it('keeps a URL written before the rule while other columns change', async () => {
    const legacy = 'https://cdn.example.com/legacy.jpg';
    const db = ctx.engine();
    await db.exec('alter table public.profiles disable trigger profiles_check_picture_url');
    try {
      await db.query('update public.profiles set profile_picture_url = $2 where id = $1', [other, legacy]);
    } finally {
      await db.exec('alter table public.profiles enable trigger profiles_check_picture_url');
    }
    const renamed = await ctx.as(other, (tx) =>
      tx.query(
        'update public.profiles set username = $2, visibility = $3, profile_picture_url = profile_picture_url where id = $1',
        [other, 'picrenamed', 'friends'],
      ),
    );
    expect(renamed.rowCount).toBe(1);
    expect(await pictureOf(other)).toBe(legacy);
    // Changing it to another bad URL is checked; clearing it is always allowed.
    await expectRefusal(() => setPicture('https://cdn.example.com/other.jpg', other), '23514', MESSAGE);
    await setPicture(null, other);
    expect(await pictureOf(other)).toBeNull();
  });
});
