// @clock-sensitive: per-minute windows, Retry-After
// Writes refused by a rule count toward the write limit (issue 34, item 3; migration
// 20261207151000_refused_writes_count.sql). A refused write rolls its transaction back, and the table's
// count with it; the attempts are also counted in sequences (a count-min sketch), which a rollback does
// not undo. So a loop of writes that RLS, a CHECK or a raising RPC refuses gets 429 SPQ01 past 600 a
// minute, on both engines, through direct REST and the unmodified supabase-js client.
import { expect, it } from 'vitest';
import { newUser } from '../../sync/support';
import { createTestClient, describeEachEmulator } from '../../../support/emulator';
import { dayFromToday } from '../../../support/clock/days';

const LIMIT = 600;

describeEachEmulator('rest: refused writes count toward the write limit', (ctx) => {
  const emulator = () => ctx.emulator();

  const attempts = async (userId: string) => {
    const { rows } = await emulator().engine.query<{ n: string }>(
      `select request_guard.write_attempts($1)::text as n`,
      [userId],
    );
    return Number(rows[0]?.n ?? 0);
  };
  const committed = async (userId: string) => {
    const { rows } = await emulator().engine.query<{ n: number }>(
      `select coalesce(sum(requests), 0)::int as n from request_guard.write_counts where subject = $1`,
      [userId],
    );
    return rows[0]?.n ?? 0;
  };

  /**
   * Waits until at least `seconds` are left in the database's minute, so a window seeded now is still the
   * current one when the requests that follow arrive (a sequence cannot be seeded for the next minute).
   */
  const roomInMinute = async (seconds: number) => {
    for (;;) {
      const { rows } = await emulator().engine.query<{ left: number }>(
        `select (60 - extract(second from clock_timestamp()))::float8 as left`,
      );
      const left = rows[0]?.left ?? 60;
      if (left >= seconds) return;
      await new Promise((resolve) => setTimeout(resolve, (left + 0.5) * 1000));
    }
  };

  /** Puts each of `user`'s cells at `count` attempts in the current minute. */
  const seed = (userId: string, count: number) =>
    emulator().engine.query(
      `select setval(cell, (floor(date_part('epoch', now()) / 60)::bigint << 32) + $2)
       from unnest(request_guard.write_attempt_cells($1)) cell`,
      [userId, count],
    );

  const headers = (token: string) => ({
    apikey: emulator().status.ANON_KEY,
    authorization: `Bearer ${token}`,
    'content-type': 'application/json',
  });

  it('counts a write refused by RLS, by a CHECK and by a raising RPC, though its transaction rolls back', async () => {
    const user = await newUser(emulator());
    const other = await newUser(emulator());
    await roomInMinute(15);
    const client = createTestClient(emulator(), { accessToken: user.token });
    const before = await attempts(user.id);

    // RLS: a row for another user.
    const forged = await client.from('workouts').insert({
      id: `rw-${user.id.slice(0, 8)}-a`,
      type: 'strength',
      date: dayFromToday(1),
      user_id: other.id,
    });
    expect(forged.error?.code).toBe('42501');
    // A CHECK constraint, over direct REST.
    const bad = await fetch(`${emulator().url}/rest/v1/workouts`, {
      method: 'POST',
      headers: headers(user.token),
      body: JSON.stringify({ id: `rw-${user.id.slice(0, 8)}-b`, type: 'juggling', date: dayFromToday(1) }),
    });
    expect(bad.status).toBe(400);
    // An RPC that raises (a rest day far from today: SPR01).
    const rpc = await client.rpc('confirm_rest_day', { p_day: dayFromToday(30) });
    expect(rpc.error?.code).toBe('SPR01');

    expect(await attempts(user.id)).toBe(before + 3);
    // None of them committed.
    expect(await committed(user.id)).toBe(0);
    // Reads are not counted.
    expect((await client.from('workouts').select('id')).error).toBeNull();
    expect(await attempts(user.id)).toBe(before + 3);
  });

  it('answers 429 SPQ01 to a loop of refused writes past 600 a minute, then to any write of that user', async () => {
    const user = await newUser(emulator());
    const other = await newUser(emulator());
    await roomInMinute(20);
    await seed(user.id, LIMIT - 10);
    const client = createTestClient(emulator(), { accessToken: user.token });
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) {
      const res = await client.from('workouts').insert({
        id: `rw-${user.id.slice(0, 8)}-${i}`,
        type: 'strength',
        date: dayFromToday(1),
        user_id: other.id,
      });
      statuses.push(res.status);
    }
    // Attempts 591-600 are refused by RLS (403), the 601st on by the limit.
    expect(statuses).toEqual([...Array<number>(10).fill(403), 429, 429]);

    // A valid write, over direct REST: 429 with Retry-After and PostgREST's body.
    const res = await fetch(`${emulator().url}/rest/v1/workouts`, {
      method: 'POST',
      headers: headers(user.token),
      body: JSON.stringify({ id: `rw-${user.id.slice(0, 8)}-ok`, type: 'strength', date: dayFromToday(1) }),
    });
    expect(res.status).toBe(429);
    const retryAfter = Number(res.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(await res.json()).toMatchObject({ code: 'SPQ01', message: 'Too many requests' });
    // ... and through supabase-js, an RPC too.
    const rpc = await client.rpc('confirm_rest_day', { p_day: dayFromToday(0) });
    expect(rpc.status).toBe(429);
    expect(rpc.error?.code).toBe('SPQ01');

    // Reads go on, and so does another user.
    expect((await client.from('workouts').select('id')).status).toBe(200);
    const otherClient = createTestClient(emulator(), { accessToken: other.token });
    expect(
      (
        await otherClient
          .from('workouts')
          .insert({ id: `rw-${other.id.slice(0, 8)}-x`, type: 'yoga', date: dayFromToday(1) })
      ).error,
    ).toBeNull();
  });

  it('starts each cell again in a new minute', async () => {
    const user = await newUser(emulator());
    await roomInMinute(15);
    // A full minute that has ended.
    await emulator().engine.query(
      `select setval(cell, ((floor(date_part('epoch', now()) / 60)::bigint - 1) << 32) + $2)
       from unnest(request_guard.write_attempt_cells($1)) cell`,
      [user.id, 10 * LIMIT],
    );
    expect(await attempts(user.id)).toBe(0);
    const client = createTestClient(emulator(), { accessToken: user.token });
    const write = await client
      .from('workouts')
      .insert({ id: `rw-${user.id.slice(0, 8)}-n`, type: 'strength', date: dayFromToday(1) });
    expect(write.error).toBeNull();
    expect(await attempts(user.id)).toBe(1);
  });

  it('keeps the sketch out of reach of the API roles', async () => {
    const { rows } = await emulator().engine.query<{ reachable: boolean }>(
      `select bool_or(has_sequence_privilege(r, c, 'usage') or has_sequence_privilege(r, c, 'update')
                      or has_sequence_privilege(r, c, 'select')) as reachable
       from unnest(array['anon', 'authenticated']) r,
            (select c.oid as c from pg_class c join pg_namespace n on n.oid = c.relnamespace
             where n.nspname = 'request_guard' and c.relkind = 'S') s`,
    );
    expect(rows[0]?.reachable).toBe(false);
    const { rows: fns } = await emulator().engine.query<{ callable: boolean }>(
      `select bool_or(has_function_privilege(r, 'request_guard.write_attempts(text)', 'execute')
                      or has_function_privilege(r, 'request_guard.write_attempt_cells(text)', 'execute')) as callable
       from unnest(array['anon', 'authenticated']) r`,
    );
    expect(fns[0]?.callable).toBe(false);
    const { rows: count } = await emulator().engine.query<{ n: number }>(
      `select count(*)::int as n from pg_class c join pg_namespace n on n.oid = c.relnamespace
       where n.nspname = 'request_guard' and c.relkind = 'S' and c.relname like 'write\\_attempts\\_%'`,
    );
    expect(count[0]?.n).toBe(1024);
  });
});
