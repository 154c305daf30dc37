/**
 * Shared fixtures for the database suites: users with a chosen visibility, friendships, and a way to
 * assert the SQLSTATE of a refusal. Fixture rows that are not under test are written as the database
 * owner (no RLS), everything under test runs as the user through `ctx.as`.
 */
import { expect } from 'vitest';
import type { Queryable } from '../../../supabase/emulator/src/db/engine';
import type { EngineContext } from '../../support/engines';

export type Visibility = 'public' | 'friends' | 'private';

/** Runs `fn` and returns the SQLSTATE it failed with (the test fails if it succeeds). */
export async function sqlState(fn: () => Promise<unknown>): Promise<string> {
  try {
    await fn();
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    return typeof code === 'string' ? code : `no-code: ${(error as Error).message}`;
  }
  throw new Error('expected the statement to fail');
}

/** Asserts a refusal with a code and the exact message the client maps. */
export async function expectRefusal(
  fn: () => Promise<unknown>,
  code: string,
  message?: string,
): Promise<void> {
  try {
    await fn();
  } catch (error) {
    const e = error as { code?: unknown; message?: unknown };
    expect(e.code).toBe(code);
    if (message !== undefined) expect(e.message).toBe(message);
    return;
  }
  throw new Error(`expected a refusal with ${code}`);
}

export async function createUserWith(
  ctx: EngineContext,
  username: string,
  visibility: Visibility = 'public',
  timezone = 'UTC',
): Promise<string> {
  const id = await ctx.createUser({ username });
  await ctx
    .engine()
    .query('update public.profiles set visibility = $2, timezone = $3 where id = $1', [
      id,
      visibility,
      timezone,
    ]);
  return id;
}

/** A friendship in both directions, as the accept trigger makes it. */
export async function makeFriends(db: Queryable, a: string, b: string): Promise<void> {
  await db.query(
    `insert into public.friendships (id, user_id, friend_id) values ($1 || ':' || $2, $1::uuid, $2::uuid),
       ($2 || ':' || $1, $2::uuid, $1::uuid) on conflict (id) do update set _deleted = false`,
    [a, b],
  );
}

export async function one<R>(db: Queryable, sql: string, params: readonly unknown[] = []): Promise<R> {
  const result = await db.query<R>(sql, params);
  const row = result.rows[0];
  if (row === undefined) throw new Error(`no row from: ${sql}`);
  return row;
}

export async function count(db: Queryable, sql: string, params: readonly unknown[] = []): Promise<number> {
  const row = await one<{ n: number | string }>(db, `select count(*)::int as n from (${sql}) q`, params);
  return Number(row.n);
}

let sequence = 0;
/** A client-style id (UUID-like text, unique within the run). */
export function clientId(prefix: string): string {
  sequence += 1;
  return `${prefix}-${Date.now().toString(36)}-${sequence.toString().padStart(6, '0')}`;
}

/** Today's date (UTC) as YYYY-MM-DD, from the database's clock. */
export async function utcToday(db: Queryable): Promise<string> {
  const row = await one<{ d: string }>(db, `select ((now() at time zone 'UTC')::date)::text as d`);
  return row.d;
}
