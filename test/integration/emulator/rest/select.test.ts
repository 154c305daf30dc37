/** Reads through the real supabase-js client: select trees, embedding, filters, order, paging, counts. */
import { beforeAll, describe, expect, it } from 'vitest';
import { describeEachEmulator } from '../../../support/emulator';
import { setUpFixture, type Fixture } from './fixtures';

describeEachEmulator('REST reads', (suite) => {
  const emulator = () => suite.emulator();
  let f: Fixture;
  beforeAll(async () => {
    f = await setUpFixture(emulator());
    const { error } = await f.alice.client.from('rt_workouts').insert([
      {
        title: 'Leg day',
        status: 'done',
        notes: null,
        started_at: '2025-01-02T08:00:00+00:00',
        tags: ['legs'],
        data: { mood: 'great', rpe: 8 },
        score: 12.5,
      },
      {
        title: 'Push run',
        status: 'planned',
        notes: 'easy',
        started_at: '2025-01-03T08:00:00+00:00',
        tags: ['push', 'cardio'],
        data: { mood: 'ok' },
        score: 7,
      },
      {
        title: 'Pull, heavy',
        status: 'a,b',
        notes: null,
        started_at: '2025-01-04T08:00:00+00:00',
        deleted_at: '2025-01-05T00:00:00+00:00',
        tags: [],
        data: null,
        score: null,
      },
    ]);
    expect(error).toBeNull();
    const { data: workouts } = await f.alice.client.from('rt_workouts').select('id').order('id');
    const first = (workouts as Array<{ id: number }>)[0]!.id;
    const { error: setError } = await f.alice.client.from('rt_sets').insert([
      { workout_id: first, reps: 5, weight: 100 },
      { workout_id: first, reps: 8, weight: 80.5 },
    ]);
    expect(setError).toBeNull();
    await f.bob.client.from('rt_workouts').insert({ title: 'Bob only' });
  });

  it('selects rows the caller may see, with Postgres JSON formatting', async () => {
    const { data, error, status } = await f.alice.client.from('rt_workouts').select('*').order('id');
    expect(error).toBeNull();
    expect(status).toBe(200);
    expect(data).toHaveLength(3);
    const row = (data as Array<Record<string, unknown>>)[0]!;
    expect(row.started_at).toBe('2025-01-02T08:00:00+00:00');
    expect(row.score).toBe(12.5);
    expect(row.tags).toEqual(['legs']);
    expect(row.data).toEqual({ mood: 'great', rpe: 8 });
    const bob = await f.bob.client.from('rt_workouts').select('title');
    expect(bob.data).toEqual([{ title: 'Bob only' }]);
    const anon = await f.anon.from('rt_workouts').select('*');
    expect(anon.data).toEqual([]);
  });

  it('supports aliases, casts and JSON paths', async () => {
    const { data, error } = await f.alice.client
      .from('rt_workouts')
      .select('name:title, id::text, mood:data->>mood, rpe:data->rpe, data->>mood')
      .eq('status', 'done');
    expect(error).toBeNull();
    expect(data).toEqual([{ name: 'Leg day', id: expect.any(String) as unknown, mood: 'great', rpe: 8 }]);
  });

  it('embeds many-to-one as an object and one-to-many as an array, nested', async () => {
    const { data, error } = await f.alice.client
      .from('rt_profiles')
      .select('username, gym:rt_gyms(name, city), rt_workouts(title, rt_sets(reps))')
      .eq('id', f.alice.id)
      .order('id', { referencedTable: 'rt_workouts' })
      .maybeSingle();
    expect(error).toBeNull();
    expect(data).toMatchObject({
      username: 'alice',
      gym: { name: 'Iron Temple', city: 'Berlin' },
    });
    const workouts = (data as { rt_workouts: Array<{ title: string; rt_sets: unknown[] }> }).rt_workouts;
    expect(workouts.map((w) => w.title)).toEqual(['Leg day', 'Push run', 'Pull, heavy']);
    expect(workouts[0]!.rt_sets).toHaveLength(2);
  });

  it('embeds one-to-one (a key that is also the primary key) as an object or null, both ways', async () => {
    const { data, error } = await f.anon
      .from('rt_profiles')
      .select('username, rt_profile_settings(theme)')
      .order('username');
    expect(error).toBeNull();
    expect(data).toEqual([
      { username: 'alice', rt_profile_settings: { theme: 'dark' } },
      { username: 'bob', rt_profile_settings: null },
    ]);
    const back = await f.anon.from('rt_profile_settings').select('theme, rt_profiles(username)');
    expect(back.data).toEqual([{ theme: 'dark', rt_profiles: { username: 'alice' } }]);
    const spread = await f.anon
      .from('rt_profiles')
      .select('username, ...rt_profile_settings(theme)')
      .eq('username', 'alice');
    expect(spread.data).toEqual([{ username: 'alice', theme: 'dark' }]);
  });

  it('spreads a many-to-one embed into the parent (...rel) and refuses a to-many spread', async () => {
    const { data, error } = await f.anon
      .from('rt_profiles')
      .select('username, ...rt_gyms(gym_name:name, city)')
      .order('username');
    expect(error).toBeNull();
    expect(data).toEqual([
      { username: 'alice', gym_name: 'Iron Temple', city: 'Berlin' },
      { username: 'bob', gym_name: 'Lift Lab', city: 'Rome' },
    ]);
    const many = await f.anon.from('rt_gyms').select('id, ...rt_profiles(username)');
    expect(many.status).toBe(400);
    expect(many.error?.code).toBe('PGRST119');
  });

  it('sees tables created after start, and reloads on NOTIFY pgrst', async () => {
    await emulator().engine.exec(
      `create table public.rt_late (id int primary key, label text);
       insert into public.rt_late values (1, 'late');
       grant select on public.rt_late to anon;`,
    );
    const late = await f.anon.from('rt_late').select('*');
    expect(late.error).toBeNull();
    expect(late.data).toEqual([{ id: 1, label: 'late' }]);
    await emulator().engine.exec(`alter table public.rt_late add column extra text default 'x'`);
    const extra = await f.anon.from('rt_late').select('id, extra');
    expect(extra.data).toEqual([{ id: 1, extra: 'x' }]);
    await emulator().engine.exec(
      `create table public.rt_later (id int primary key); notify pgrst, 'reload schema'`,
    );
    const later = await f.service.from('rt_later').select('*');
    expect(later.error).toBeNull();
  });

  it('filters embedded rows, and !inner filters the parent', async () => {
    const plain = await f.anon
      .from('rt_profiles')
      .select('username, rt_gyms(name)')
      .eq('rt_gyms.city', 'Rome')
      .order('username');
    expect(plain.error).toBeNull();
    expect(plain.data).toEqual([
      { username: 'alice', rt_gyms: null },
      { username: 'bob', rt_gyms: { name: 'Lift Lab' } },
    ]);
    const inner = await f.anon
      .from('rt_profiles')
      .select('username, rt_gyms!inner(name)')
      .eq('rt_gyms.city', 'Rome');
    expect(inner.data).toEqual([{ username: 'bob', rt_gyms: { name: 'Lift Lab' } }]);
  });

  it('limits, orders and or-filters embedded arrays', async () => {
    const { data, error } = await f.alice.client
      .from('rt_profiles')
      .select('username, rt_workouts(title)')
      .eq('id', f.alice.id)
      .or('title.eq.Leg day,title.eq."Pull, heavy"', { referencedTable: 'rt_workouts' })
      .order('title', { referencedTable: 'rt_workouts', ascending: false })
      .limit(1, { referencedTable: 'rt_workouts' });
    expect(error).toBeNull();
    expect(data).toEqual([{ username: 'alice', rt_workouts: [{ title: 'Pull, heavy' }] }]);
  });

  it('applies every filter operator', async () => {
    const q = () => f.alice.client.from('rt_workouts').select('title').order('id');
    const titles = async (query: PromiseLike<{ data: unknown; error: unknown }>) => {
      const { data, error } = await query;
      expect(error).toBeNull();
      return (data as Array<{ title: string }>).map((r) => r.title);
    };
    expect(await titles(q().eq('status', 'done'))).toEqual(['Leg day']);
    expect(await titles(q().neq('status', 'done'))).toEqual(['Push run', 'Pull, heavy']);
    expect(await titles(q().gt('started_at', '2025-01-02T08:00:00+00:00'))).toEqual([
      'Push run',
      'Pull, heavy',
    ]);
    expect(await titles(q().gte('started_at', '2025-01-03T08:00:00+00:00'))).toEqual([
      'Push run',
      'Pull, heavy',
    ]);
    expect(await titles(q().lt('score', 10))).toEqual(['Push run']);
    expect(await titles(q().lte('score', 12.5))).toEqual(['Leg day', 'Push run']);
    expect(await titles(q().like('title', '%day'))).toEqual(['Leg day']);
    expect(await titles(q().ilike('title', '%RUN%'))).toEqual(['Push run']);
    expect(await titles(q().is('notes', null))).toEqual(['Leg day', 'Pull, heavy']);
    expect(await titles(q().not('deleted_at', 'is', null))).toEqual(['Pull, heavy']);
    expect(await titles(q().in('status', ['a,b', 'done']))).toEqual(['Leg day', 'Pull, heavy']);
    expect(await titles(q().not('status', 'in', '(done,planned)'))).toEqual(['Pull, heavy']);
    expect(await titles(q().or('title.ilike.%run%,notes.is.null'))).toEqual([
      'Leg day',
      'Push run',
      'Pull, heavy',
    ]);
    expect(await titles(q().or('status.eq.done,and(score.gt.5,score.lt.10)'))).toEqual([
      'Leg day',
      'Push run',
    ]);
    expect(await titles(q().contains('tags', ['push']))).toEqual(['Push run']);
    expect(await titles(q().eq('data->>mood', 'ok'))).toEqual(['Push run']);
    expect(await titles(q().filter('title', 'eq', 'Pull, heavy'))).toEqual(['Pull, heavy']);
  });

  it('applies the range operators as PostgREST maps them', async () => {
    // Slots: 1 = [1,5), 2 = [4,9), 3 = [10,12).
    const ids = async (query: PromiseLike<{ data: unknown; error: unknown }>) => {
      const { data, error } = await query;
      expect(error).toBeNull();
      return (data as Array<{ id: number }>).map((r) => r.id);
    };
    const q = () => f.anon.from('rt_slots').select('id').order('id');
    // rangeGte is nxl (&>, does not extend to the left of), rangeLte nxr (&<, ... to the right of).
    expect(await ids(q().rangeGte('during', '[4,6)'))).toEqual([2, 3]);
    expect(await ids(q().rangeLte('during', '[4,6)'))).toEqual([1]);
    expect(await ids(q().rangeGt('during', '[4,6)'))).toEqual([3]);
    expect(await ids(q().rangeLt('during', '[6,8)'))).toEqual([1]);
    expect(await ids(q().rangeAdjacent('during', '[9,10)'))).toEqual([2, 3]);
    expect(await ids(q().overlaps('during', '[3,5)'))).toEqual([1, 2]);
  });

  it('orders, limits, offsets and counts', async () => {
    const page = await f.alice.client
      .from('rt_workouts')
      .select('title', { count: 'exact' })
      .order('started_at', { ascending: false })
      .range(0, 1);
    expect(page.error).toBeNull();
    expect(page.status).toBe(206);
    expect(page.count).toBe(3);
    expect(page.data).toEqual([{ title: 'Pull, heavy' }, { title: 'Push run' }]);
    const nulls = await f.alice.client
      .from('rt_workouts')
      .select('title')
      .order('notes', { nullsFirst: true })
      .order('id');
    expect((nulls.data as Array<{ title: string }>)[2]!.title).toBe('Push run');
    const head = await f.alice.client
      .from('rt_workouts')
      .select('*', { count: 'exact', head: true })
      .gte('started_at', '2025-01-03T00:00:00+00:00');
    expect(head.error).toBeNull();
    expect(head.count).toBe(2);
    expect(head.data).toBeNull();
  });

  it('returns one object with single() and a PGRST116 error otherwise', async () => {
    const one = await f.alice.client.from('rt_workouts').select('title').eq('status', 'done').single();
    expect(one.data).toEqual({ title: 'Leg day' });
    const none = await f.alice.client.from('rt_workouts').select('title').eq('status', 'nope').single();
    expect(none.status).toBe(406);
    expect(none.error).toMatchObject({ code: 'PGRST116', details: 'The result contains 0 rows' });
    const maybe = await f.alice.client.from('rt_workouts').select('title').eq('status', 'nope').maybeSingle();
    expect(maybe.error).toBeNull();
    expect(maybe.data).toBeNull();
  });
});

describe('fixture helpers', () => {
  it('are importable', () => {
    expect(typeof setUpFixture).toBe('function');
  });
});
