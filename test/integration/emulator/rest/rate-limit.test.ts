// @clock-sensitive: per-minute windows, Retry-After
// The write rate limit (migration 20261127050000_write_rate_limit.sql): PostgREST's db-pre-request, which
// hosted Supabase runs from the authenticator role's setting and the emulator runs the same way, answers a
// user's writes past 600 a minute with 429 and Retry-After, through the unmodified supabase-js client.
import { expect, it } from 'vitest';
import { newUser } from '../../sync/support';
import { createTestClient, describeEachEmulator } from '../../../support/emulator';
import { dayFromToday } from '../../../support/clock/days';

const LIMIT = 600;

describeEachEmulator('rest write rate limit', (ctx) => {
  const emulator = () => ctx.emulator();

  /** Uses up `user`'s writes for this minute and the next (a minute may turn during the test). */
  const exhaust = (userId: string) =>
    emulator().engine.query(
      `insert into request_guard.write_counts (subject, window_start, requests)
       select $1, date_trunc('minute', now()) + make_interval(mins => m), $2 from generate_series(0, 1) m
       on conflict (subject, window_start) do update set requests = excluded.requests`,
      [userId, LIMIT],
    );

  const countOf = async (userId: string) => {
    const rows = await emulator().engine.query<{ requests: number }>(
      `select coalesce(sum(requests), 0)::int as requests from request_guard.write_counts where subject = $1`,
      [userId],
    );
    return rows.rows[0]?.requests ?? 0;
  };

  const workout = (id: string) => ({ id, type: 'strength', date: dayFromToday(1) });

  it('counts a signed-in write, not a read', async () => {
    const user = await newUser(emulator());
    const client = createTestClient(emulator(), { accessToken: user.token });
    expect((await client.from('workouts').select('id')).error).toBeNull();
    expect(await countOf(user.id)).toBe(0);
    expect((await client.from('workouts').insert(workout(`rl-${user.id.slice(0, 8)}-a`))).error).toBeNull();
    expect(await countOf(user.id)).toBe(1);
  });

  it('answers a write past the limit with 429, Retry-After and PostgREST-shaped JSON, and writes nothing', async () => {
    const user = await newUser(emulator());
    await exhaust(user.id);
    const id = `rl-${user.id.slice(0, 8)}-b`;
    const res = await fetch(`${emulator().url}/rest/v1/workouts`, {
      method: 'POST',
      headers: {
        apikey: emulator().status.ANON_KEY,
        authorization: `Bearer ${user.token}`,
        'content-type': 'application/json',
      },
      body: JSON.stringify(workout(id)),
    });
    expect(res.status).toBe(429);
    const retryAfter = Number(res.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(await res.json()).toMatchObject({ code: 'SPQ01', message: 'Too many requests' });

    // supabase-js reports it as an error with the status, and the row is not there.
    const client = createTestClient(emulator(), { accessToken: user.token });
    const again = await client.rpc('confirm_rest_day', { p_day: dayFromToday(0) });
    expect(again.status).toBe(429);
    expect(again.error?.code).toBe('SPQ01');
    const service = createTestClient(emulator(), { key: 'service_role' });
    const stored = await service.from('workouts').select('id').eq('id', id);
    expect(stored.data).toEqual([]);
    // Refusals do not count: the window stays at the limit.
    expect(await countOf(user.id)).toBe(2 * LIMIT);
  });

  it('still answers the same user reads, and other users and the service role write', async () => {
    const limited = await newUser(emulator());
    const other = await newUser(emulator());
    await exhaust(limited.id);
    const client = createTestClient(emulator(), { accessToken: limited.token });
    expect((await client.from('workouts').select('id')).status).toBe(200);
    const otherClient = createTestClient(emulator(), { accessToken: other.token });
    expect(
      (await otherClient.from('workouts').insert(workout(`rl-${other.id.slice(0, 8)}-c`))).error,
    ).toBeNull();
    const service = createTestClient(emulator(), { key: 'service_role' });
    const write = await service
      .from('workouts')
      .insert({ ...workout(`rl-${limited.id.slice(0, 8)}-s`), user_id: limited.id });
    expect(write.error).toBeNull();
  });

  it('lets the user write again in the next window', async () => {
    const user = await newUser(emulator());
    // A full window that has ended: only the current one counts.
    await emulator().engine.query(
      `insert into request_guard.write_counts (subject, window_start, requests)
       values ($1, date_trunc('minute', now()) - interval '1 minute', $2)`,
      [user.id, LIMIT],
    );
    const client = createTestClient(emulator(), { accessToken: user.token });
    expect((await client.from('workouts').insert(workout(`rl-${user.id.slice(0, 8)}-d`))).error).toBeNull();
    // The ended window is cleared by the first write of the new one.
    expect(await countOf(user.id)).toBe(1);
  });

  it('is not callable over the API, and its counts are not readable', async () => {
    const user = await newUser(emulator());
    const client = createTestClient(emulator(), { accessToken: user.token });
    const table = await client
      .schema('request_guard' as 'public')
      .from('write_counts' as 'workouts')
      .select('*');
    expect(table.error).not.toBeNull();
    const { rows } = await emulator().engine.query<{ granted: boolean }>(
      `select has_table_privilege('authenticated', 'request_guard.write_counts', 'select')
           or has_table_privilege('anon', 'request_guard.write_counts', 'select') as granted`,
    );
    expect(rows[0]?.granted).toBe(false);
  });
});
