// @clock-sensitive: hourly upload windows
// Storage uploads count (issue 34, item 3; migration 20261207150000_upload_rate_limit.sql): at most 30
// avatar uploads (new files, replacements, moves) per user and clock hour, held by the avatars policies so
// hosted Storage and the emulator's obey it alike. The 31st is refused with 403 and a message naming
// SPQ02, as a hostile client meets it through supabase-js and direct HTTP, and as the app's sync worker
// reports it; a refusal stores nothing and counts nothing; other users and the next hour go on.
import { expect, it } from 'vitest';
import WebSocket from 'ws';
import { uploadAvatar } from '../../../sync-worker/core/avatar-storage';
import { createSyncClient } from '../../../sync-worker/core/client';
import { newUser } from '../sync/support';
import { createTestClient, describeEachEmulator } from '../../support/emulator';

const LIMIT = 30;
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

describeEachEmulator('storage upload rate limit', (ctx) => {
  const emulator = () => ctx.emulator();

  /** Sets `user`'s count for this hour and the next (the hour may turn during the test). */
  const setUsed = (userId: string, used: number) =>
    emulator().engine.query(
      `insert into private.upload_counts (user_id, window_start, uploads, last_tx)
       select $1, date_trunc('hour', now()) + make_interval(hours => h), $2, 0 from generate_series(0, 1) h
       on conflict (user_id, window_start) do update set uploads = excluded.uploads`,
      [userId, used],
    );
  const used = async (userId: string) => {
    const { rows } = await emulator().engine.query<{ uploads: number }>(
      `select coalesce(max(uploads), 0)::int as uploads from private.upload_counts
       where user_id = $1 and window_start >= date_trunc('hour', now())`,
      [userId],
    );
    return rows[0]?.uploads ?? 0;
  };
  const files = async (userId: string) =>
    (await createTestClient(emulator(), { key: 'service_role' }).storage.from('avatars').list(userId)).data
      ?.map((f) => f.name)
      .sort();

  it('counts uploads, replacements and moves, once each, and refuses the 31st of the hour with SPQ02', async () => {
    const user = await newUser(emulator());
    const bucket = createTestClient(emulator(), { accessToken: user.token }).storage.from('avatars');
    const put = (name: string, upsert = false) =>
      bucket.upload(`${user.id}/${name}`, PNG, { contentType: 'image/png', upsert });

    expect((await put('a.png')).error).toBeNull();
    expect(await used(user.id)).toBe(1);
    // An upsert that replaces asks the insert and the update policy: counted once.
    expect((await put('a.png', true)).error).toBeNull();
    expect(await used(user.id)).toBe(2);
    expect((await bucket.move(`${user.id}/a.png`, `${user.id}/b.png`)).error).toBeNull();
    expect(await used(user.id)).toBe(3);

    await setUsed(user.id, LIMIT - 1);
    expect((await put('c.png')).error).toBeNull();
    const refused = await put('d.png');
    expect(refused.error).not.toBeNull();
    expect(refused.error?.message).toMatch(/^SPQ02: At most 30 uploads an hour/);
    expect((refused.error as { statusCode?: string } | null)?.statusCode).toBe('403');
    // A replacement by name is an upload too.
    expect((await put('c.png', true)).error?.message).toMatch(/^SPQ02:/);
    // Nothing stored, nothing counted.
    expect(await files(user.id)).toEqual(['b.png', 'c.png']);
    expect(await used(user.id)).toBe(LIMIT);
  });

  it('refuses a direct HTTP upload past the limit in storage-api shape; other users go on', async () => {
    const user = await newUser(emulator());
    const other = await newUser(emulator());
    await setUsed(user.id, LIMIT);
    const res = await fetch(`${emulator().url}/storage/v1/object/avatars/${user.id}/x.png`, {
      method: 'POST',
      headers: {
        apikey: emulator().status.ANON_KEY,
        authorization: `Bearer ${user.token}`,
        'content-type': 'image/png',
        'x-upsert': 'true',
      },
      body: PNG,
    });
    expect(res.status).toBe(400);
    const body = (await res.json()) as { statusCode?: string; error?: string; message?: string };
    expect(body).toMatchObject({ statusCode: '403', error: 'Unauthorized' });
    expect(body.message).toMatch(/^SPQ02: At most 30 uploads an hour/);
    expect(await files(user.id)).toEqual([]);

    const otherBucket = createTestClient(emulator(), { accessToken: other.token }).storage.from('avatars');
    expect(
      (await otherBucket.upload(`${other.id}/x.png`, PNG, { contentType: 'image/png' })).error,
    ).toBeNull();
    // The service role is not counted.
    const service = createTestClient(emulator(), { key: 'service_role' }).storage.from('avatars');
    expect((await service.upload(`${user.id}/s.png`, PNG, { contentType: 'image/png' })).error).toBeNull();
  });

  it("the sync worker reports it as SPQ02, which the app tells apart; the next hour's uploads go on", async () => {
    const user = await newUser(emulator());
    const client = createSyncClient({
      url: emulator().url,
      anonKey: emulator().status.ANON_KEY,
      getToken: () => user.token,
      transport: WebSocket as never,
    });
    await setUsed(user.id, LIMIT);
    const refused = await uploadAvatar(client, user.id, new Blob([PNG], { type: 'image/png' }));
    expect(refused.ok).toBe(false);
    if (!refused.ok) expect(refused.error.code).toBe('SPQ02');

    // Only this hour's count holds: an hour that has ended is cleared by the next upload.
    await emulator().engine.query(`delete from private.upload_counts where user_id = $1`, [user.id]);
    await emulator().engine.query(
      `insert into private.upload_counts (user_id, window_start, uploads, last_tx)
       values ($1, date_trunc('hour', now()) - interval '1 hour', $2, 0)`,
      [user.id, LIMIT],
    );
    const next = await uploadAvatar(client, user.id, new Blob([PNG], { type: 'image/png' }));
    expect(next.ok).toBe(true);
    expect(await used(user.id)).toBe(1);
    const { rows } = await emulator().engine.query(
      `select 1 from private.upload_counts where user_id = $1 and window_start < date_trunc('hour', now())`,
      [user.id],
    );
    expect(rows).toEqual([]);
  });

  it('keeps its counts out of reach of the API roles', async () => {
    const { rows } = await emulator().engine.query<{ granted: boolean }>(
      `select has_table_privilege('authenticated', 'private.upload_counts', 'select,insert,update,delete')
           or has_table_privilege('anon', 'private.upload_counts', 'select') as granted`,
    );
    expect(rows[0]?.granted).toBe(false);
  });
});
