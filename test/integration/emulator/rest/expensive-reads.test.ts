// REST request shapes that could hold the embedded server (issue 34, item 3): too many `or` terms, too many
// filters, huge `in` lists together, embeds nested deep or many are refused with 400 SPQ03 in PostgREST's
// body shape before any SQL runs (supabase/emulator/src/rest/request-shape.ts), too long a query string by
// the HTTP server; the shapes the app's sync worker sends pass.
import { expect, it } from 'vitest';
import { newUser } from '../../sync/support';
import { createTestClient, describeEachEmulator } from '../../../support/emulator';

const uuid = (i: number) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`;

describeEachEmulator('rest: expensive request shapes', (ctx) => {
  const emulator = () => ctx.emulator();
  const get = (path: string, token?: string) =>
    fetch(`${emulator().url}/rest/v1${path}`, {
      headers: {
        apikey: emulator().status.ANON_KEY,
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
    });

  const expectRefused = async (res: Response, details: RegExp) => {
    expect(res.status).toBe(400);
    const body = (await res.json()) as Record<string, unknown>;
    expect(body).toMatchObject({ code: 'SPQ03', message: 'Request too complex', hint: null });
    expect(String(body.details)).toMatch(details);
  };

  it('refuses an or tree of more than 50 terms, over REST and through supabase-js', async () => {
    const user = await newUser(emulator());
    const terms = Array.from({ length: 51 }, (_, i) => `title.eq.t${i}`).join(',');
    await expectRefused(await get(`/workouts?select=id&or=(${terms})`, user.token), /at most 50/);
    // Nested trees count every leaf.
    const nested = Array.from({ length: 26 }, (_, i) => `and(title.eq.a${i},notes.eq.b${i})`).join(',');
    await expectRefused(await get(`/workouts?select=id&or=(${nested})`, user.token), /at most 50/);

    const client = createTestClient(emulator(), { accessToken: user.token });
    const res = await client.from('workouts').select('id').or(terms);
    expect(res.status).toBe(400);
    expect(res.error?.code).toBe('SPQ03');
    // 50 terms are fine.
    const fifty = Array.from({ length: 50 }, (_, i) => `title.eq.t${i}`).join(',');
    expect((await client.from('workouts').select('id').or(fifty)).error).toBeNull();
  });

  it('refuses more than 100 filter conditions in one request', async () => {
    const user = await newUser(emulator());
    const filters = Array.from({ length: 101 }, (_, i) => `title=neq.x${i}`).join('&');
    await expectRefused(await get(`/workouts?select=id&${filters}`, user.token), /at most 100 filter/);
    // Spread over embed scopes and trees, they still count together.
    const spread = [
      ...Array.from({ length: 60 }, (_, i) => `title=neq.x${i}`),
      ...Array.from({ length: 41 }, (_, i) => `not.and=(title.eq.y${i})`),
    ].join('&');
    await expectRefused(await get(`/workouts?select=id&${spread}`, user.token), /at most 100 filter/);
  });

  it('refuses in lists that hold more than 1000 values together', async () => {
    const user = await newUser(emulator());
    const list = (from: number) => Array.from({ length: 600 }, (_, i) => from + i).join(',');
    await expectRefused(
      await get(`/workouts?select=id&sets=in.(${list(0)})&reps=in.(${list(600)})`, user.token),
      /at most 1000 values/,
    );
    // supabase-js .in() with one list: the same bound (one list over 1000 is refused by the parser).
    const client = createTestClient(emulator(), { accessToken: user.token });
    const ids = Array.from({ length: 600 }, (_, i) => `w${i}`);
    const res = await client.from('workouts').select('id').in('id', ids).in('title', ids);
    expect(res.status).toBe(400);
    expect(res.error?.code).toBe('SPQ03');
  });

  it('refuses embeds nested more than 3 levels, or more than 10 embeds', async () => {
    const user = await newUser(emulator());
    // The embeds need not exist: the shape is refused before the catalog is asked.
    await expectRefused(await get(`/profiles?select=id,a(b(c(d(id))))`, user.token), /3 levels/);
    const many = Array.from({ length: 11 }, (_, i) => `e${i}:gyms(id)`).join(',');
    await expectRefused(await get(`/profiles?select=id,${many}`, user.token), /at most 10/);
  });

  it('refuses a query string over 16 KiB before parsing it (the HTTP server: 431)', async () => {
    const user = await newUser(emulator());
    const params = Array.from({ length: 2 }, (_, i) => `title=neq.${'x'.repeat(9_000)}${i}`).join('&');
    const res = await get(`/workouts?select=id&${params}`, user.token);
    expect(res.status).toBe(431);
  });

  it("still answers the sync worker's shapes: the pull's or tree and a 250-id in list", async () => {
    const user = await newUser(emulator());
    const client = createTestClient(emulator(), { accessToken: user.token });
    const m = '2026-01-01T00:00:00+00:00';
    const pull = await client
      .from('workouts')
      .select('*')
      .or(`_modified.gt.${m},and(_modified.eq.${m},id.gt.w1)`)
      .order('_modified', { ascending: true })
      .order('id', { ascending: true })
      .limit(100);
    expect(pull.error).toBeNull();
    const ids = Array.from({ length: 250 }, (_, i) => uuid(i));
    const friends = await client.from('profiles').select('*').in('id', ids);
    expect(friends.error).toBeNull();
  });
});
