/** `/rpc/<fn>` through supabase-js: named args, defaults, json/jsonb and arrays, scalars, sets, void. */
import { beforeAll, expect, it } from 'vitest';
import { describeEachEmulator } from '../../../support/emulator';
import { rest, setUpFixture, type Fixture } from './fixtures';

describeEachEmulator('REST rpc', (suite) => {
  const emulator = () => suite.emulator();
  let f: Fixture;
  beforeAll(async () => {
    f = await setUpFixture(emulator());
    await f.alice.client.from('rt_workouts').insert([
      { title: 'A', tags: [] },
      { title: 'B', tags: [] },
      { title: 'C', tags: [] },
    ]);
  });

  it('calls a scalar function with named arguments and defaults', async () => {
    expect(await f.anon.rpc('rt_add', { a: 2, b: 3 })).toMatchObject({ data: 5, status: 200 });
    expect((await f.anon.rpc('rt_add', { a: 2 })).data).toBe(3);
    const get = await f.anon.rpc('rt_add', { a: 40, b: 2 }, { get: true });
    expect(get.data).toBe(42);
  });

  it('passes json/jsonb, arrays and numerics through', async () => {
    const echo = await f.anon.rpc('rt_echo', {
      payload: { a: [1, { b: null }], s: 'x' },
      tags: ['p', 'q'],
      n: 1.5,
    });
    expect(echo.error).toBeNull();
    expect(echo.data).toEqual({ payload: { a: [1, { b: null }], s: 'x' }, tags: ['p', 'q'], n: 1.5 });
    const single = await f.anon.rpc('rt_single_json', { any: 'thing' } as never);
    expect(single.data).toEqual({ got: { any: 'thing' } });
    // An argument named "" is not a name: the lone unnamed json parameter gets the whole body, as in
    // PostgREST (before: Postgres's 42601 for a zero-length identifier leaked out).
    const unnamed = await f.anon.rpc('rt_single_json', { '': 7 } as never);
    expect(unnamed).toMatchObject({ status: 200, data: { got: { '': 7 } } });
    const notJson = await f.anon.rpc('rt_add', { '': 7 } as never);
    expect(notJson.status).toBe(404);
    expect(notJson.error).toMatchObject({ code: 'PGRST202' });
  });

  it('returns SETOF rows as an array with filters, order and limit applied, under RLS', async () => {
    const all = await f.alice.client
      .rpc('rt_workouts_of', { p_owner: f.alice.id })
      .select('title')
      .order('title', { ascending: false });
    expect(all.error).toBeNull();
    expect(all.data).toEqual([{ title: 'C' }, { title: 'B' }, { title: 'A' }]);
    const filtered = await f.alice.client
      .rpc('rt_workouts_of', { p_owner: f.alice.id })
      .select('title')
      .in('title', ['A', 'C'])
      .order('title')
      .limit(1);
    expect(filtered.data).toEqual([{ title: 'A' }]);
    const embedded = await f.alice.client
      .rpc('rt_workouts_of', { p_owner: f.alice.id })
      .select('title, rt_profiles(username)')
      .eq('title', 'B');
    expect(embedded.data).toEqual([{ title: 'B', rt_profiles: { username: 'alice' } }]);
    const bob = await f.bob.client.rpc('rt_workouts_of', { p_owner: f.alice.id });
    expect(bob.data).toEqual([]);
    const table = await f.alice.client.rpc('rt_titles').order('title');
    expect(table.data).toEqual([
      { title: 'A', n_sets: 0 },
      { title: 'B', n_sets: 0 },
      { title: 'C', n_sets: 0 },
    ]);
    const scalars = await f.anon.rpc('rt_series', { n: 3 });
    expect(scalars.data).toEqual([1, 2, 3]);
  });

  it('answers 204 for void, and 405 for a write through GET', async () => {
    const { data: rows } = await f.alice.client.from('rt_workouts').select('id').eq('title', 'A').single();
    const id = (rows as { id: number }).id;
    const res = await f.alice.client.rpc('rt_rename_workout', { p_id: id, p_title: 'A2' });
    expect(res.error).toBeNull();
    expect(res.status).toBe(204);
    const viaGet = await f.alice.client.rpc('rt_rename_workout', { p_id: id, p_title: 'A3' }, { get: true });
    expect(viaGet.status).toBe(405);
    expect(viaGet.error?.code).toBe('25006');
    const { data } = await f.alice.client.from('rt_workouts').select('title').eq('id', id).single();
    expect(data).toEqual({ title: 'A2' });
  });

  it('reports unknown functions and arguments as PGRST202', async () => {
    const unknown = await f.anon.rpc('rt_nope', {});
    expect(unknown.status).toBe(404);
    expect(unknown.error).toMatchObject({ code: 'PGRST202' });
    const badArg = await f.anon.rpc('rt_add', { a: 1, zzz: 2 });
    expect(badArg.status).toBe(404);
    expect(badArg.error?.message).toContain('public.rt_add(a, zzz)');
    const badType = await f.anon.rpc('rt_add', { a: 'one' });
    expect(badType.status).toBe(400);
    expect(badType.error?.code).toBe('22P02');
  });

  it('counts set results, answers HEAD, passes a single object, and rolls back on request', async () => {
    const counted = await rest(
      emulator(),
      `/rpc/rt_workouts_of?p_owner=${f.alice.id}&select=title&order=title&limit=1`,
      {
        token: f.alice.token,
        headers: { Prefer: 'count=exact' },
      },
    );
    expect(counted.status).toBe(206);
    expect(counted.headers.get('content-range')).toBe('0-0/3');
    const head = await rest(emulator(), `/rpc/rt_series?n=4`, {
      method: 'HEAD',
      headers: { Prefer: 'count=exact' },
    });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-range')).toBe('0-3/4');
    const whole = await rest(emulator(), '/rpc/rt_single_json', {
      method: 'POST',
      body: { payload: 1 },
      headers: { Prefer: 'params=single-object' },
    });
    expect(await whole.json()).toEqual({ got: { payload: 1 } });
    const { data: row } = await f.alice.client.from('rt_workouts').select('id').eq('title', 'B').single();
    const id = (row as { id: number }).id;
    const rolled = await rest(emulator(), '/rpc/rt_rename_workout', {
      method: 'POST',
      token: f.alice.token,
      body: { p_id: id, p_title: 'never' },
      headers: { Prefer: 'tx=rollback' },
    });
    expect(rolled.status).toBe(204);
    const { data } = await f.alice.client.from('rt_workouts').select('title').eq('id', id).single();
    expect(data).toEqual({ title: 'B' });
  });

  it('accepts GET /rpc with query-string arguments and filters', async () => {
    const res = await rest(emulator(), `/rpc/rt_series?n=5&limit=2&offset=1`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual([2, 3]);
    const json = await rest(
      emulator(),
      `/rpc/rt_echo?payload=${encodeURIComponent('{"a":[1]}')}&tags=${encodeURIComponent('{x,"y z"}')}`,
    );
    expect(json.status).toBe(200);
    expect(await json.json()).toEqual({ payload: { a: [1] }, tags: ['x', 'y z'], n: null });
  });
});
