/**
 * Randomized hostile input for the REST parser (issue 17): valid PostgREST requests (reads with filters,
 * embeds, logic trees, JSON paths, ranges; writes with Prefer; RPCs by GET and POST), mutated at random in
 * the path, query, headers and body, sent as anon, as a user, and with mangled JWTs. Each answer must be a
 * clean one (never a 5xx, JSON when it says JSON, no stack trace or source path), no request may hang, and
 * afterwards the canary table and the users are intact and the server still answers a plain read.
 * Seeds: FUZZ_SEEDS (default 3 in CI, 1 locally) from FUZZ_FIRST_SEED; a failure prints the seed, the
 * request and the command that replays it.
 */
import { beforeAll, expect, it } from 'vitest';
import { describeEachEmulator } from '../../../support/emulator';
import { seededRandom, seedsFromEnv, type SeededRandom } from '../../../support/seeded-random';
import { mutate, mutateJson, randomJson } from '../fuzz/mutate';
import { setUpFixture, type Fixture } from './fixtures';

const REQUESTS_PER_SEED = 400;
const seeds = seedsFromEnv('FUZZ', 3, 1);

interface Case {
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: string;
  as: 'anon' | 'alice' | 'mangled';
}

const READS = [
  '/rt_gyms?select=id,name&city=eq.Berlin&order=name.desc&limit=5',
  '/rt_profiles?select=id,username,rt_gyms(name,city)&username=like.*li*',
  '/rt_profiles?select=username,gym:rt_gyms!rt_profiles_gym_id_fkey(name)&gym_id=not.is.null',
  '/rt_workouts?select=*,rt_sets(reps,weight)&or=(status.eq.planned,and(score.gt.1,notes.is.null))&order=id.asc.nullslast',
  '/rt_slots?during=ov.[2,5)&select=id',
  '/rt_slots?during=nxl.[2,5)&select=id&id=in.(1,2,3)',
  '/rt_profiles?meta->>level=eq.3&select=id,meta->level,meta->>name',
  '/rt_workouts?tags=cs.{a,b}&title=fts(english).hello&select=title',
  '/rt_workouts?title=ilike.*Leg*&score=gte.1.5&started_at=lt.2030-01-01T00:00:00Z&offset=1&limit=2',
  '/rt_canary?id=in.(1,2,3)&select=id,value&order=value.desc',
  '/rt_profile_settings?select=theme,rt_profiles(username)',
  '/rt_transfers?select=id,from:rt_gyms!from_gym(name),to:rt_gyms!to_gym(name)',
  '/rt_profiles?select=username,rt_workouts!inner(title)&rt_workouts.status=eq.planned',
  '/rpc/rt_add?a=1&b=2',
  '/rpc/rt_titles?select=title&order=title',
  '/rpc/rt_workouts_of?p_owner=00000000-0000-0000-0000-000000000000&select=id',
];

const WRITES: { method: string; path: string; body: unknown; prefer?: string }[] = [
  { method: 'POST', path: '/rt_inbox', body: { body: 'hello' }, prefer: 'return=representation' },
  { method: 'POST', path: '/rt_workouts?columns=title,notes', body: [{ title: 'Legs', notes: null }] },
  {
    method: 'POST',
    path: '/rt_likes?on_conflict=user_id,post_id',
    body: { post_id: 1, emoji: 'fire' },
    prefer: 'resolution=merge-duplicates,return=minimal',
  },
  { method: 'PATCH', path: '/rt_canary?id=eq.1', body: { value: 'changed' } },
  {
    method: 'PATCH',
    path: '/rt_workouts?id=gt.0&status=eq.planned',
    body: { notes: 'n' },
    prefer: 'count=exact',
  },
  { method: 'DELETE', path: '/rt_canary?id=gt.0', body: undefined },
  {
    method: 'DELETE',
    path: '/rt_workouts?title=eq.nothing',
    body: undefined,
    prefer: 'return=representation',
  },
  { method: 'POST', path: '/rpc/rt_add', body: { a: 1, b: 2 } },
  { method: 'POST', path: '/rpc/rt_echo', body: { payload: { x: [1, 'a'] }, tags: ['a', 'b'], n: 1.5 } },
  { method: 'POST', path: '/rpc/rt_single_json', body: { k: 'v' } },
  { method: 'POST', path: '/rpc/rt_rename_workout', body: { p_id: 1, p_title: 'T' } },
];

const PREFERS = [
  'return=representation',
  'return=minimal',
  'return=headers-only',
  'count=exact',
  'count=planned',
  'count=estimated',
  'resolution=ignore-duplicates',
  'missing=default',
  'handling=strict',
  'max-affected=1',
  'tx=rollback',
  'params=single-object',
];

const ACCEPTS = [
  'application/json',
  'application/vnd.pgrst.object+json',
  'application/vnd.pgrst.object+json;nulls=stripped',
  'text/csv',
  'application/geo+json',
  'application/openapi+json',
  '*/*',
  'text/html',
];

function buildCase(rnd: SeededRandom, fixture: Fixture, anonKey: string): Case {
  const as = rnd.pick(['anon', 'alice', 'alice', 'mangled'] as const);
  const headers: Record<string, string> = {};
  let method = 'GET';
  let path: string;
  let body: string | undefined;
  if (rnd.chance(0.5)) {
    path = rnd.pick(READS);
    if (rnd.chance(0.1)) method = 'HEAD';
  } else {
    const w = rnd.pick(WRITES);
    method = w.method;
    path = w.path;
    if (w.prefer) headers.Prefer = w.prefer;
    if (w.body !== undefined) {
      headers['Content-Type'] = 'application/json';
      const roll = rnd.int(4);
      body =
        roll === 0
          ? mutate(rnd, JSON.stringify(w.body)) // broken JSON text
          : roll === 1
            ? JSON.stringify(mutateJson(rnd, w.body)) // valid JSON, wrong shape or types
            : roll === 2
              ? JSON.stringify(randomJson(rnd))
              : JSON.stringify(w.body);
    }
  }
  // Most requests mutate the path and query; some keep them valid and mutate only headers or the body.
  if (rnd.chance(0.75)) path = mutate(rnd, path);
  if (rnd.chance(0.3)) headers.Prefer = rnd.chance(0.5) ? rnd.pick(PREFERS) : mutate(rnd, rnd.pick(PREFERS));
  if (rnd.chance(0.2)) headers.Accept = rnd.chance(0.7) ? rnd.pick(ACCEPTS) : mutate(rnd, rnd.pick(ACCEPTS));
  if (rnd.chance(0.1)) headers.Range = rnd.pick(['0-1', '5-', '-1', 'x', '2-1', '0-999999999999']);
  if (rnd.chance(0.1))
    headers[rnd.pick(['Accept-Profile', 'Content-Profile'])] = rnd.pick([
      'public',
      'auth',
      'private',
      'pg_catalog',
      'storage',
      'x"y',
    ]);
  if (rnd.chance(0.05))
    headers['Content-Type'] = rnd.pick([
      'text/plain',
      'application/x-www-form-urlencoded',
      'text/csv',
      'application/json; charset=latin1',
    ]);
  headers.apikey = anonKey;
  const token = as === 'alice' ? fixture.alice.token : anonKey;
  headers.Authorization = `Bearer ${as === 'mangled' ? mutate(rnd, fixture.alice.token) : token}`;
  return {
    method,
    path,
    headers,
    ...(body === undefined || method === 'GET' || method === 'HEAD' ? {} : { body }),
    as,
  };
}

/** Fetch refuses some inputs itself (a header byte over 0xFF, an unparsable URL): those never reach the server. */
function requestOf(base: string, c: Case): Request | null {
  try {
    return new Request(`${base}/rest/v1${c.path}`, {
      method: c.method,
      headers: c.headers,
      ...(c.body === undefined ? {} : { body: c.body }),
      signal: AbortSignal.timeout(15_000),
    });
  } catch {
    return null;
  }
}

describeEachEmulator(
  'REST randomized hostile input',
  (suite) => {
    const emulator = () => suite.emulator();
    let fixture: Fixture;
    beforeAll(async () => {
      fixture = await setUpFixture(emulator());
    });

    const snapshot = async () => {
      const canary = await emulator().engine.query(`select id, value from public.rt_canary order by id`);
      const users = await emulator().engine.query(`select count(*)::int as n from auth.users`);
      return { canary: canary.rows, users: users.rows };
    };

    it('a PATCH with nothing to set changes nothing and answers cleanly (found by the fuzzer: it was a 503)', async () => {
      const { url, status } = emulator();
      for (const body of ['{}', '']) {
        const res = await fetch(`${url}/rest/v1/rt_canary?id=eq.1&value=eq.alive`, {
          method: 'PATCH',
          headers: {
            apikey: status.ANON_KEY,
            Authorization: `Bearer ${fixture.alice.token}`,
            'Content-Type': 'application/json',
            Prefer: 'return=representation',
          },
          body,
        });
        expect(res.status, body).toBeLessThan(500);
      }
      expect((await snapshot()).canary).toEqual([
        { id: 1, value: 'alive' },
        { id: 2, value: 'still alive' },
      ]);
    });

    it.each(seeds)(
      'seed %i: every answer is clean and nothing it may not touch changes',
      { timeout: 300_000 },
      async (seed) => {
        const before = await snapshot();
        const rnd = seededRandom(seed);
        const { url, status } = emulator();
        let sent = 0;
        let succeeded = 0;
        for (let i = 0; i < REQUESTS_PER_SEED; i++) {
          const c = buildCase(rnd, fixture, status.ANON_KEY);
          const request = requestOf(url, c);
          if (!request) continue;
          const where = `seed ${seed}, request ${i}: ${c.method} ${c.path} as ${c.as} ${JSON.stringify(c.headers.Prefer ?? '')} body ${JSON.stringify(c.body?.slice(0, 300) ?? null)}\nreplay: FUZZ_SEED=${seed} npx vitest run --project integration test/integration/emulator/rest/fuzz.test.ts`;
          let res: Response;
          try {
            res = await fetch(request);
          } catch (error) {
            throw new Error(`no answer (${String(error)}) at ${where}`, { cause: error });
          }
          sent += 1;
          if (res.status < 300) succeeded += 1;
          const text = await res.text();
          expect(res.status, `${where}\n${text.slice(0, 500)}`).toBeLessThan(500);
          expect(text, where).not.toMatch(/node:internal|supabase\/emulator\/src|\n\s+at .+:\d+:\d+/);
          if (
            c.method !== 'HEAD' &&
            text !== '' &&
            (res.headers.get('content-type') ?? '').includes('json')
          ) {
            expect(
              () => JSON.parse(text) as unknown,
              `${where}\nnot JSON: ${text.slice(0, 300)}`,
            ).not.toThrow();
          }
        }
        expect(sent).toBeGreaterThan(REQUESTS_PER_SEED * 0.8);
        // Near-valid inputs: a good share must get through the parser and run (else the suite tests nothing).
        expect(succeeded, `seed ${seed}: only ${succeeded} of ${sent} succeeded`).toBeGreaterThan(sent * 0.1);
        expect(await snapshot()).toEqual(before);
        const plain = await fetch(`${url}/rest/v1/rt_canary?select=value&order=id`, {
          headers: { apikey: status.ANON_KEY, Authorization: `Bearer ${status.ANON_KEY}` },
        });
        expect(await plain.json()).toEqual([{ value: 'alive' }, { value: 'still alive' }]);
      },
    );
  },
  { engines: ['pglite'] },
);
