/** Raw HTTP: status codes, headers (Content-Range, CORS, content types) and PostgREST error bodies. */
import { beforeAll, expect, it } from 'vitest';
import { describeEachEmulator } from '../../../support/emulator';
import { rest, setUpFixture, type Fixture } from './fixtures';

describeEachEmulator('REST over raw HTTP', (suite) => {
  const emulator = () => suite.emulator();
  let f: Fixture;
  beforeAll(async () => {
    f = await setUpFixture(emulator());
    const res = await rest(emulator(), '/rt_workouts', {
      method: 'POST',
      token: f.alice.token,
      body: [1, 2, 3].map((n) => ({ title: `W${n}`, tags: [] })),
    });
    expect(res.status).toBe(201);
  });

  const errorBody = async (res: Response) => {
    const body = (await res.json()) as Record<string, unknown>;
    expect(Object.keys(body).sort()).toEqual(['code', 'details', 'hint', 'message']);
    return body;
  };

  it('answers 401 without an API key', async () => {
    const res = await fetch(`${emulator().url}/rest/v1/rt_gyms`);
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({ message: 'No API key found in request' });
  });

  it('answers CORS preflights with the headers supabase-js sends', async () => {
    const res = await fetch(`${emulator().url}/rest/v1/rt_gyms?select=*`, {
      method: 'OPTIONS',
      headers: {
        Origin: 'http://localhost:4173',
        'Access-Control-Request-Method': 'PATCH',
        'Access-Control-Request-Headers': 'apikey,authorization,prefer,content-profile,x-client-info',
      },
    });
    expect(res.status).toBe(204);
    expect(res.headers.get('access-control-allow-origin')).toBe('http://localhost:4173');
    const allowed = res.headers.get('access-control-allow-headers') ?? '';
    for (const h of ['apikey', 'authorization', 'prefer', 'content-profile', 'x-client-info'])
      expect(allowed).toContain(h);
    expect(res.headers.get('access-control-allow-methods')).toContain('PATCH');
    const get = await rest(emulator(), '/rt_gyms', { headers: { Origin: 'http://localhost:4173' } });
    expect(get.headers.get('access-control-expose-headers')).toContain('Content-Range');
    expect(get.headers.get('access-control-allow-origin')).toBe('http://localhost:4173');
  });

  it('sets Content-Range, 206 and 416 as PostgREST does', async () => {
    const plain = await rest(emulator(), '/rt_workouts?select=title&order=id&limit=2', {
      token: f.alice.token,
    });
    expect(plain.status).toBe(200);
    expect(plain.headers.get('content-range')).toBe('0-1/*');
    expect(plain.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(await plain.json()).toEqual([{ title: 'W1' }, { title: 'W2' }]);
    const counted = await rest(emulator(), '/rt_workouts?select=title&order=id&offset=1&limit=1', {
      token: f.alice.token,
      headers: { Prefer: 'count=exact' },
    });
    expect(counted.status).toBe(206);
    expect(counted.headers.get('content-range')).toBe('1-1/3');
    const full = await rest(emulator(), '/rt_workouts?select=title', {
      token: f.alice.token,
      headers: { Prefer: 'count=exact' },
    });
    expect(full.status).toBe(200);
    expect(full.headers.get('content-range')).toBe('0-2/3');
    const empty = await rest(emulator(), '/rt_workouts?title=eq.none', {
      token: f.alice.token,
      headers: { Prefer: 'count=exact' },
    });
    expect(empty.status).toBe(200);
    expect(empty.headers.get('content-range')).toBe('*/0');
    const past = await rest(emulator(), '/rt_workouts?offset=10', {
      token: f.alice.token,
      headers: { Prefer: 'count=exact' },
    });
    expect(past.status).toBe(416);
    expect(await errorBody(past)).toMatchObject({
      code: 'PGRST103',
      message: 'Requested range not satisfiable',
    });
  });

  it('pages with a Range header when the query string does not', async () => {
    const res = await rest(emulator(), '/rt_workouts?select=title&order=id', {
      token: f.alice.token,
      headers: { Range: '1-2', 'Range-Unit': 'items', Prefer: 'count=exact' },
    });
    expect(res.status).toBe(206);
    expect(res.headers.get('content-range')).toBe('1-2/3');
    expect(await res.json()).toEqual([{ title: 'W2' }, { title: 'W3' }]);
  });

  it('caps reads at 1000 rows like hosted max_rows', async () => {
    await emulator().engine.exec(
      `create table public.rt_many as select g as id from generate_series(1, 1005) g;
       grant select on public.rt_many to anon;`,
    );
    const res = await rest(emulator(), '/rt_many?select=id&order=id', { headers: { Prefer: 'count=exact' } });
    expect(res.status).toBe(206);
    expect(res.headers.get('content-range')).toBe('0-999/1005');
    expect(((await res.json()) as unknown[]).length).toBe(1000);
    const tail = await rest(emulator(), '/rt_many?select=id&order=id&offset=1000&limit=5000');
    expect(await tail.json()).toEqual([1001, 1002, 1003, 1004, 1005].map((id) => ({ id })));
  });

  it('answers HEAD without a body', async () => {
    const res = await rest(emulator(), '/rt_workouts?select=*', {
      method: 'HEAD',
      token: f.alice.token,
      headers: { Prefer: 'count=exact' },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-range')).toBe('0-2/3');
    expect(await res.text()).toBe('');
  });

  it('answers POST minimal with 201, an empty body and Content-Range */*', async () => {
    const res = await rest(emulator(), '/rt_workouts', {
      method: 'POST',
      token: f.alice.token,
      body: { title: 'raw', tags: [] },
    });
    expect(res.status).toBe(201);
    expect(res.headers.get('content-range')).toBe('*/*');
    expect(await res.text()).toBe('');
    const rep = await rest(emulator(), '/rt_workouts?select=title', {
      method: 'POST',
      token: f.alice.token,
      body: { title: 'rep', tags: [] },
      headers: { Prefer: 'return=representation', Accept: 'application/vnd.pgrst.object+json' },
    });
    expect(rep.status).toBe(201);
    expect(rep.headers.get('content-type')).toBe('application/vnd.pgrst.object+json; charset=utf-8');
    expect(await rep.json()).toEqual({ title: 'rep' });
    const rolled = await rest(emulator(), '/rt_workouts?select=title', {
      method: 'POST',
      token: f.alice.token,
      body: { title: 'rolled back', tags: [] },
      headers: { Prefer: 'return=representation, tx=rollback' },
    });
    expect(await rolled.json()).toEqual([{ title: 'rolled back' }]);
    const check = await rest(emulator(), '/rt_workouts?title=eq.rolled%20back', { token: f.alice.token });
    expect(await check.json()).toEqual([]);
  });

  it('answers PATCH and DELETE minimal with 204', async () => {
    const patch = await rest(emulator(), '/rt_workouts?title=eq.raw', {
      method: 'PATCH',
      token: f.alice.token,
      body: { notes: 'x' },
    });
    expect(patch.status).toBe(204);
    const del = await rest(emulator(), '/rt_workouts?title=eq.raw', {
      method: 'DELETE',
      token: f.alice.token,
    });
    expect(del.status).toBe(204);
  });

  it('reports schema-cache misses with PGRST codes', async () => {
    const table = await rest(emulator(), '/rt_missing');
    expect(table.status).toBe(404);
    expect(await errorBody(table)).toMatchObject({
      code: 'PGRST205',
      message: "Could not find the table 'public.rt_missing' in the schema cache",
    });
    const column = await rest(emulator(), '/rt_gyms?select=nope');
    expect(column.status).toBe(400);
    expect(await errorBody(column)).toMatchObject({
      code: '42703',
      message: 'column rt_gyms.nope does not exist',
    });
    const payload = await rest(emulator(), '/rt_gyms', {
      method: 'POST',
      body: { id: 'x', name: 'x', bogus: 1 },
      token: emulator().status.SERVICE_ROLE_KEY,
    });
    expect(payload.status).toBe(400);
    expect(await errorBody(payload)).toMatchObject({ code: 'PGRST204' });
    const fn = await rest(emulator(), '/rpc/rt_missing', { method: 'POST', body: {} });
    expect(fn.status).toBe(404);
    expect(await errorBody(fn)).toMatchObject({ code: 'PGRST202' });
  });

  it('reports embedding problems: none 400 PGRST200, ambiguous 300 PGRST201, hints resolve', async () => {
    const none = await rest(emulator(), '/rt_gyms?select=*,rt_canary(*)');
    expect(none.status).toBe(400);
    expect(await errorBody(none)).toMatchObject({ code: 'PGRST200' });
    const ambiguous = await rest(emulator(), '/rt_transfers?select=*,rt_gyms(*)');
    expect(ambiguous.status).toBe(300);
    const body = await errorBody(ambiguous);
    expect(body.code).toBe('PGRST201');
    expect(body.details).toHaveLength(2);
    const hinted = await rest(
      emulator(),
      '/rt_transfers?select=id,from:rt_gyms!from_gym(name),to:rt_gyms!rt_transfers_to_gym_fkey(name)',
    );
    expect(hinted.status).toBe(200);
    expect(await hinted.json()).toEqual([{ id: 1, from: { name: 'Iron Temple' }, to: { name: 'Lift Lab' } }]);
    const reverse = await rest(emulator(), '/rt_gyms?select=id,rt_transfers!from_gym(id)&order=id');
    expect(await reverse.json()).toEqual([
      { id: 'g1', rt_transfers: [{ id: 1 }] },
      { id: 'g2', rt_transfers: [] },
    ]);
    const stray = await rest(emulator(), '/rt_gyms?rt_transfers.id=eq.1');
    expect(stray.status).toBe(400);
    expect(await errorBody(stray)).toMatchObject({ code: 'PGRST108' });
  });

  it('embeds many-to-many through a junction table', async () => {
    await emulator().engine.exec(
      `insert into public.rt_workout_gyms (workout_id, gym_id)
       select id, g from public.rt_workouts, unnest(array['g1', 'g2']) g where title = 'W1'`,
    );
    const res = await rest(
      emulator(),
      '/rt_workouts?select=title,rt_gyms(id)&title=eq.W1&rt_gyms.order=id.desc',
      {
        token: f.alice.token,
      },
    );
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual([{ title: 'W1', rt_gyms: [{ id: 'g2' }, { id: 'g1' }] }]);
    const back = await rest(emulator(), '/rt_gyms?select=id,rt_workouts(title)&order=id', {
      token: f.alice.token,
    });
    expect(await back.json()).toEqual([
      { id: 'g1', rt_workouts: [{ title: 'W1' }] },
      { id: 'g2', rt_workouts: [{ title: 'W1' }] },
    ]);
    const anon = await rest(emulator(), '/rt_gyms?select=id,rt_workouts!inner(title)');
    expect(await anon.json()).toEqual([]);
  });

  it('reports parse errors, bad JSON and other schemas', async () => {
    const parse = await rest(emulator(), '/rt_gyms?id=equals.1');
    expect(parse.status).toBe(400);
    expect(await errorBody(parse)).toMatchObject({ code: 'PGRST100' });
    const json = await rest(emulator(), '/rt_gyms', {
      method: 'POST',
      body: '{"id":',
      token: emulator().status.SERVICE_ROLE_KEY,
    });
    expect(json.status).toBe(400);
    expect(await errorBody(json)).toMatchObject({ code: 'PGRST102' });
    const schema = await rest(emulator(), '/rt_gyms', { headers: { 'Accept-Profile': 'private' } });
    expect(schema.status).toBe(406);
    expect(await errorBody(schema)).toMatchObject({ code: 'PGRST106' });
    const agg = await rest(emulator(), '/rt_gyms?select=count()');
    expect(agg.status).toBe(400);
    expect(await errorBody(agg)).toMatchObject({ code: 'PGRST123' });
  });

  it('maps 42501 to 401 with WWW-Authenticate for anon and 403 for users', async () => {
    const anon = await rest(emulator(), '/rt_workouts', {
      method: 'POST',
      body: { title: 'x', owner: f.alice.id },
    });
    expect(anon.status).toBe(401);
    expect(anon.headers.get('www-authenticate')).toBe('Bearer');
    expect(await errorBody(anon)).toMatchObject({ code: '42501' });
    const user = await rest(emulator(), '/rt_workouts', {
      method: 'POST',
      token: f.bob.token,
      body: { title: 'x', owner: f.alice.id },
    });
    expect(user.status).toBe(403);
  });

  it('refuses unsupported methods with 405', async () => {
    const res = await rest(emulator(), '/rt_gyms', { method: 'PUT', body: {} });
    expect(res.status).toBe(405);
    expect(await errorBody(res)).toMatchObject({ code: 'PGRST117' });
  });
});
