// The avatars bucket: public, 2 MB, the WebP, JPEG and PNG the app uploads (migration 20261127010000); users write only under their own "<uid>/" folder.
import { beforeAll, expect, it } from 'vitest';
import { describeEachEngine } from '../../support/engines';
import { createUserWith, one, sqlState } from './helpers';

describeEachEngine('avatar storage', (ctx) => {
  let a: string;
  let b: string;

  beforeAll(async () => {
    a = await createUserWith(ctx, 'pica');
    b = await createUserWith(ctx, 'picb');
  });

  it('exists as a public 2 MB image bucket', async () => {
    const bucket = await one<{ public: boolean; file_size_limit: number; allowed_mime_types: string[] }>(
      ctx.engine(),
      `select public, file_size_limit, allowed_mime_types from storage.buckets where id = 'avatars'`,
    );
    expect(bucket).toEqual({
      public: true,
      file_size_limit: 2097152,
      allowed_mime_types: ['image/jpeg', 'image/png', 'image/webp'],
    });
  });

  it('lets a user write, replace and delete only in their own folder', async () => {
    const put = (who: string, name: string) =>
      ctx.as(who, (tx) =>
        tx.query(`insert into storage.objects (bucket_id, name, owner) values ('avatars', $1, $2)`, [
          name,
          who,
        ]),
      );
    await put(a, `${a}/avatar.png`);
    expect(await sqlState(() => put(a, `${b}/avatar.png`))).toBe('42501');
    const replaced = await ctx.as(a, (tx) =>
      tx.query(
        `update storage.objects set metadata = '{"size": 1}' where bucket_id = 'avatars' and name = $1`,
        [`${a}/avatar.png`],
      ),
    );
    expect(replaced.rowCount).toBe(1);
    const foreign = await ctx.as(b, (tx) =>
      tx.query(`delete from storage.objects where bucket_id = 'avatars' and name = $1`, [`${a}/avatar.png`]),
    );
    expect(foreign.rowCount).toBe(0);
    const own = await ctx.as(a, (tx) =>
      tx.query(`delete from storage.objects where bucket_id = 'avatars' and name = $1`, [`${a}/avatar.png`]),
    );
    expect(own.rowCount).toBe(1);
    const anonPut = () =>
      ctx.as('anon', (tx) =>
        tx.query(`insert into storage.objects (bucket_id, name) values ('avatars', $1)`, [`${a}/x.png`]),
      );
    expect(await sqlState(anonPut)).toBe('42501');
  });
});
