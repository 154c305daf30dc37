// Quotas on rows and files (issue 34, item 5; migration 20261207110000_row_and_file_quotas.sql), as a
// hostile client would try them through the real supabase-js client, on both engines: at most 10 live
// workouts per user and date (REST insert, bulk insert, push_workouts, a moved or undeleted workout), and
// in the avatars bucket one folder per user, no subfolders, at most 5 files (an upsert of an existing
// name still replaces it).
import { expect, it } from 'vitest';
import { newUser } from '../sync/support';
import { createTestClient, describeEachEmulator } from '../../support/emulator';
import { dayFromToday } from '../../support/clock/days';

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

describeEachEmulator('row and file quotas', (ctx) => {
  const emulator = () => ctx.emulator();
  const service = () => createTestClient(emulator(), { key: 'service_role' });
  const live = async (userId: string, date: string) =>
    (
      await service()
        .from('workouts')
        .select('id')
        .eq('user_id', userId)
        .eq('date', date)
        .eq('_deleted', false)
    ).data?.length;

  it('refuses an 11th workout on one date over REST with SPW07, one row or in bulk', async () => {
    const user = await newUser(emulator());
    const client = createTestClient(emulator(), { accessToken: user.token });
    const date = dayFromToday(3);
    const id = (i: number) => `quota-${user.id.slice(0, 8)}-${i}`;
    const ten = Array.from({ length: 10 }, (_, i) => ({ id: id(i), type: 'strength', date }));
    expect((await client.from('workouts').insert(ten)).error).toBeNull();
    const eleventh = await client.from('workouts').insert({ id: id(10), type: 'cardio', date });
    expect(eleventh.error?.code).toBe('SPW07');
    expect(eleventh.error?.message).toBe('At most 10 workouts per day');
    // A bulk insert that would cross the cap is refused whole.
    const other = dayFromToday(4);
    const twelve = Array.from({ length: 12 }, (_, i) => ({ id: id(20 + i), type: 'yoga', date: other }));
    expect((await client.from('workouts').insert(twelve)).error?.code).toBe('SPW07');
    expect(await live(user.id, date)).toBe(10);
    expect(await live(user.id, other)).toBe(0);

    // Moving one onto the full date is refused; deleting one makes room; undeleting it again is refused
    // once the room is taken.
    expect(
      (await client.from('workouts').insert({ id: id(40), type: 'hiit', date: other })).error,
    ).toBeNull();
    expect((await client.from('workouts').update({ date }).eq('id', id(40))).error?.code).toBe('SPW07');
    expect((await client.from('workouts').update({ _deleted: true }).eq('id', id(0))).error).toBeNull();
    expect((await client.from('workouts').update({ date }).eq('id', id(40))).error).toBeNull();
    expect((await client.from('workouts').update({ _deleted: false }).eq('id', id(0))).error?.code).toBe(
      'SPW07',
    );
    // Editing a workout already on the full date is not a new one.
    expect((await client.from('workouts').update({ title: 'Leg day' }).eq('id', id(1))).error).toBeNull();
    expect(await live(user.id, date)).toBe(10);
  });

  it('push_workouts rejects the rows past the cap alone, with the code, and keeps the rest', async () => {
    const user = await newUser(emulator());
    const client = createTestClient(emulator(), { accessToken: user.token });
    const date = dayFromToday(5);
    const rows = Array.from({ length: 13 }, (_, i) => ({
      newDocumentState: { id: `qpush-${user.id.slice(0, 8)}-${i}`, type: 'strength', date, _deleted: false },
      assumedMasterState: null,
    }));
    const res = await client.rpc('push_workouts', { p_rows: rows });
    expect(res.error).toBeNull();
    const result = res.data as { conflicts: unknown[]; rejected: { id: string; code: string }[] };
    expect(result.conflicts).toEqual([]);
    expect(result.rejected.map((r) => r.code)).toEqual(['SPW07', 'SPW07', 'SPW07']);
    expect(await live(user.id, date)).toBe(10);
    // The same push replayed changes nothing and answers the same.
    const again = await client.rpc('push_workouts', { p_rows: rows });
    expect((again.data as typeof result).rejected).toHaveLength(3);
    expect(await live(user.id, date)).toBe(10);
  });

  it('two clients inserting at once cannot both take the 10th place', async () => {
    const user = await newUser(emulator());
    const a = createTestClient(emulator(), { accessToken: user.token });
    const b = createTestClient(emulator(), { accessToken: user.token });
    const date = dayFromToday(6);
    const id = (i: number) => `qrace-${user.id.slice(0, 8)}-${i}`;
    const nine = Array.from({ length: 9 }, (_, i) => ({ id: id(i), type: 'strength', date }));
    expect((await a.from('workouts').insert(nine)).error).toBeNull();
    const results = await Promise.all([
      a.from('workouts').insert({ id: id(100), type: 'cardio', date }),
      b.from('workouts').insert({ id: id(101), type: 'cardio', date }),
    ]);
    expect(results.map((r) => r.error?.code ?? 'ok').sort()).toEqual(['SPW07', 'ok']);
    expect(await live(user.id, date)).toBe(10);
  });

  it('avatars: one folder, no subfolders, at most 5 files; replacing a file by name always works', async () => {
    const user = await newUser(emulator());
    const other = await newUser(emulator());
    const bucket = createTestClient(emulator(), { accessToken: user.token }).storage.from('avatars');
    const put = (path: string, upsert = false) =>
      bucket.upload(path, PNG, { contentType: 'image/png', upsert });
    expect((await put(`${user.id}/a/b.png`)).error).not.toBeNull();
    expect((await put(`${other.id}/x.png`)).error).not.toBeNull();
    for (let i = 0; i < 5; i++) expect((await put(`${user.id}/p${i}.png`)).error).toBeNull();
    const sixth = await put(`${user.id}/p5.png`);
    expect(sixth.error).not.toBeNull();
    expect((await put(`${user.id}/p4.png`, true)).error).toBeNull();
    const stored = await service().storage.from('avatars').list(user.id);
    expect((stored.data ?? []).map((f) => f.name).sort()).toEqual([
      'p0.png',
      'p1.png',
      'p2.png',
      'p3.png',
      'p4.png',
    ]);
    // Deleting the old one makes room for the next, as the app does after saving a new picture.
    expect((await bucket.remove([`${user.id}/p0.png`])).error).toBeNull();
    expect((await put(`${user.id}/p5.png`)).error).toBeNull();
    // Another user's quota is their own.
    const otherBucket = createTestClient(emulator(), { accessToken: other.token }).storage.from('avatars');
    expect(
      (await otherBucket.upload(`${other.id}/a.png`, PNG, { contentType: 'image/png' })).error,
    ).toBeNull();
  });
});
