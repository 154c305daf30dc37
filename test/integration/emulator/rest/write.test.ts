/** Writes through the real supabase-js client: insert, bulk insert, upsert, update, delete, RLS. */
import { beforeAll, expect, it } from 'vitest';
import { describeEachEmulator } from '../../../support/emulator';
import { setUpFixture, type Fixture } from './fixtures';

describeEachEmulator('REST writes', (suite) => {
  const emulator = () => suite.emulator();
  let f: Fixture;
  beforeAll(async () => {
    f = await setUpFixture(emulator());
  });

  it('inserts one row with return=minimal (201, no body) and with select() (representation)', async () => {
    const minimal = await f.alice.client.from('rt_workouts').insert({ title: 'Minimal' });
    expect(minimal.error).toBeNull();
    expect(minimal.status).toBe(201);
    expect(minimal.data).toBeNull();
    const rep = await f.alice.client
      .from('rt_workouts')
      .insert({ title: 'Rep', tags: ['a'] })
      .select()
      .single();
    expect(rep.error).toBeNull();
    expect(rep.status).toBe(201);
    expect(rep.data).toMatchObject({ title: 'Rep', owner: f.alice.id, status: 'planned', tags: ['a'] });
  });

  it('bulk-inserts with columns= and returns the selected columns with embeds', async () => {
    const { data: w } = await f.alice.client
      .from('rt_workouts')
      .insert({ title: 'Sets host' })
      .select('id')
      .single();
    const workoutId = (w as { id: number }).id;
    const bulk = await f.alice.client
      .from('rt_sets')
      .insert([
        { workout_id: workoutId, reps: 5, weight: 100 },
        { workout_id: workoutId, reps: 6 },
      ])
      .select('reps, weight, workout:rt_workouts(title)');
    expect(bulk.error).toBeNull();
    expect(bulk.data).toEqual([
      { reps: 5, weight: 100, workout: { title: 'Sets host' } },
      { reps: 6, weight: null, workout: { title: 'Sets host' } },
    ]);
  });

  it('fills missing keys of a bulk insert with NULL, or with defaults under Prefer: missing=default', async () => {
    const nulls = await f.alice.client
      .from('rt_workouts')
      .insert([{ title: 'M1', tags: ['x'] }, { title: 'M2' }])
      .select('title, tags');
    expect(nulls.error?.code).toBe('23502');
    const defaults = await f.alice.client
      .from('rt_workouts')
      .insert([{ title: 'D1', tags: ['x'] }, { title: 'D2' }, { title: 'D3', status: 'done' }], {
        defaultToNull: false,
      })
      .select('title, tags, status, owner');
    expect(defaults.error).toBeNull();
    expect(defaults.data).toEqual(
      expect.arrayContaining([
        { title: 'D1', tags: ['x'], status: 'planned', owner: f.alice.id },
        { title: 'D2', tags: [], status: 'planned', owner: f.alice.id },
        { title: 'D3', tags: [], status: 'done', owner: f.alice.id },
      ]),
    );
  });

  it('enforces RLS on insert: other owners are refused with 42501 (403 for a user, 401 for anon)', async () => {
    const forged = await f.bob.client.from('rt_workouts').insert({ title: 'Forged', owner: f.alice.id });
    expect(forged.status).toBe(403);
    expect(forged.error).toMatchObject({ code: '42501' });
    const anon = await f.anon.from('rt_workouts').insert({ title: 'Anon', owner: f.alice.id });
    expect(anon.status).toBe(401);
    expect(anon.error?.code).toBe('42501');
  });

  it('with only an INSERT policy, insert() passes and insert().select() fails with 42501', async () => {
    const plain = await f.anon.from('rt_inbox').insert({ body: 'hello' });
    expect(plain.error).toBeNull();
    expect(plain.status).toBe(201);
    const selected = await f.anon.from('rt_inbox').insert({ body: 'hello again' }).select();
    expect(selected.error?.code).toBe('42501');
    const { rows } = await emulator().engine.query<{ n: number }>(
      'select count(*)::int as n from public.rt_inbox',
    );
    expect(rows[0]?.n).toBe(1);
  });

  it('upserts with merge-duplicates and ignore-duplicates, on_conflict and the primary key', async () => {
    const first = await f.alice.client
      .from('rt_likes')
      .upsert({ post_id: 1, emoji: 'fire' }, { onConflict: 'user_id,post_id' })
      .select();
    expect(first.error).toBeNull();
    expect(first.data).toEqual([{ user_id: f.alice.id, post_id: 1, emoji: 'fire' }]);
    const merged = await f.alice.client
      .from('rt_likes')
      .upsert({ user_id: f.alice.id, post_id: 1, emoji: 'heart' }, { onConflict: 'user_id,post_id' })
      .select();
    expect(merged.error).toBeNull();
    expect(merged.data).toEqual([{ user_id: f.alice.id, post_id: 1, emoji: 'heart' }]);
    const ignored = await f.alice.client
      .from('rt_likes')
      .upsert({ user_id: f.alice.id, post_id: 1, emoji: 'clap' }, { ignoreDuplicates: true })
      .select();
    expect(ignored.error).toBeNull();
    expect(ignored.data).toEqual([]);
    const { data } = await f.alice.client.from('rt_likes').select('emoji').eq('post_id', 1).single();
    expect(data).toEqual({ emoji: 'heart' });
  });

  it('reports a duplicate key as 23505 with 409', async () => {
    await f.alice.client.from('rt_likes').insert({ post_id: 2 });
    const dup = await f.alice.client.from('rt_likes').insert({ post_id: 2 });
    expect(dup.status).toBe(409);
    expect(dup.error).toMatchObject({
      code: '23505',
      message: expect.stringContaining('rt_likes_pkey') as unknown,
    });
    // Postgres leaves out the "Key (...) already exists" detail on tables with RLS, as hosted does.
    expect(dup.error?.details).toBeNull();
  });

  it('updates with filters (PATCH), returning rows only with select()', async () => {
    const { data: w } = await f.alice.client
      .from('rt_workouts')
      .insert({ title: 'Old' })
      .select('id')
      .single();
    const id = (w as { id: number }).id;
    const minimal = await f.alice.client.from('rt_workouts').update({ title: 'New' }).eq('id', id);
    expect(minimal.status).toBe(204);
    expect(minimal.error).toBeNull();
    const rep = await f.alice.client
      .from('rt_workouts')
      .update({ notes: 'n', data: { k: [1, 2] } })
      .eq('id', id)
      .select('title, notes, data');
    expect(rep.status).toBe(200);
    expect(rep.data).toEqual([{ title: 'New', notes: 'n', data: { k: [1, 2] } }]);
    const other = await f.bob.client.from('rt_workouts').update({ title: 'Hijack' }).eq('id', id).select();
    expect(other.data).toEqual([]);
    const none = await f.alice.client
      .from('rt_workouts')
      .update({ title: 'X' })
      .eq('id', -1)
      .select()
      .single();
    expect(none.status).toBe(406);
    expect(none.error?.code).toBe('PGRST116');
  });

  it('rolls back a mutation that fails the single-object check', async () => {
    await f.alice.client.from('rt_workouts').insert([{ title: 'Twin' }, { title: 'Twin' }]);
    const res = await f.alice.client
      .from('rt_workouts')
      .update({ notes: 'should not stick' })
      .eq('title', 'Twin')
      .select()
      .single();
    expect(res.status).toBe(406);
    expect(res.error).toMatchObject({ code: 'PGRST116', details: 'The result contains 2 rows' });
    const { data } = await f.alice.client.from('rt_workouts').select('notes').eq('title', 'Twin');
    expect(data).toEqual([{ notes: null }, { notes: null }]);
  });

  it('honours Prefer: max-affected under handling=strict (maxAffected), changing nothing over it', async () => {
    // supabase-js types `maxAffected` only for clients declared as PostgREST 13; the call is the same.
    const maxAffected = <T>(query: T, rows: number): T =>
      (query as unknown as { maxAffected(rows: number): T }).maxAffected(rows);
    await f.alice.client
      .from('rt_workouts')
      .insert([{ title: 'Trio' }, { title: 'Trio' }, { title: 'Trio' }]);
    const over = await maxAffected(
      f.alice.client.from('rt_workouts').update({ notes: 'too many' }).eq('title', 'Trio'),
      2,
    );
    expect(over.status).toBe(400);
    expect(over.error).toMatchObject({ code: 'PGRST124', details: 'The query affects 3 rows' });
    const deleteOver = await maxAffected(f.alice.client.from('rt_workouts').delete().eq('title', 'Trio'), 1);
    expect(deleteOver.error).toMatchObject({ code: 'PGRST124' });
    const kept = await f.alice.client.from('rt_workouts').select('notes').eq('title', 'Trio');
    expect(kept.data).toEqual([{ notes: null }, { notes: null }, { notes: null }]);
    const within = await maxAffected(
      f.alice.client.from('rt_workouts').update({ notes: 'fine' }).eq('title', 'Trio'),
      3,
    ).select('notes');
    expect(within.error).toBeNull();
    expect(within.data).toHaveLength(3);
    // Without handling=strict the preference is ignored, as PostgREST's lenient handling does.
    const lenient = await f.alice.client
      .from('rt_workouts')
      .update({ notes: 'lenient' })
      .eq('title', 'Trio')
      .setHeader('Prefer', 'max-affected=1');
    expect(lenient.error).toBeNull();
  });

  it('deletes with filters, refuses an unfiltered delete, and respects RLS', async () => {
    const { data: w } = await f.alice.client
      .from('rt_workouts')
      .insert({ title: 'Doomed' })
      .select('id')
      .single();
    const id = (w as { id: number }).id;
    const bob = await f.bob.client.from('rt_workouts').delete().eq('id', id).select();
    expect(bob.data).toEqual([]);
    const unfiltered = await f.alice.client.from('rt_workouts').delete();
    expect(unfiltered.status).toBe(400);
    expect(unfiltered.error).toMatchObject({ code: '21000', message: 'DELETE requires a WHERE clause' });
    const del = await f.alice.client.from('rt_workouts').delete().eq('id', id).select('title');
    expect(del.data).toEqual([{ title: 'Doomed' }]);
    const gone = await f.alice.client.from('rt_workouts').delete({ count: 'exact' }).eq('id', id);
    expect(gone.status).toBe(204);
    expect(gone.count).toBe(0);
  });

  it('service_role bypasses RLS', async () => {
    const { data, error } = await f.service.from('rt_workouts').select('owner');
    expect(error).toBeNull();
    const owners = new Set((data as Array<{ owner: string }>).map((r) => r.owner));
    expect(owners.has(f.alice.id)).toBe(true);
  });
});
