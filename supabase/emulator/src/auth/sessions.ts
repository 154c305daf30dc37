/**
 * Sessions, refresh tokens and access tokens (GoTrue's auth.sessions, auth.refresh_tokens,
 * auth.mfa_amr_claims). A session is one sign-in; each refresh rotates its refresh token, keeping the
 * chain through `parent` so reuse of an old token can be detected.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import type { EmulatorContext } from '../context';
import type { Queryable } from '../db/engine';
import { badRequest } from './errors';
import { findUserById, isBanned, userJson, type UserRow } from './users';

/** GoTrue's default: the parent of the active token may be reused for 10 s (parallel tabs). */
export const REFRESH_REUSE_INTERVAL_SECONDS = 10;

export type Aal = 'aal1' | 'aal2';

export interface SessionRow {
  id: string;
  user_id: string;
  aal: Aal | null;
  factor_id: string | null;
}

export interface SessionResponse {
  access_token: string;
  token_type: 'bearer';
  expires_in: number;
  expires_at: number;
  refresh_token: string;
  user: Record<string, unknown>;
  [extra: string]: unknown;
}

export function newRefreshToken(): string {
  return randomBytes(16).toString('base64url');
}

export async function findSession(q: Queryable, id: string): Promise<SessionRow | null> {
  const { rows } = await q.query<SessionRow>(
    `select id, user_id, aal::text as aal, factor_id from auth.sessions where id = $1`,
    [id],
  );
  return rows[0] ?? null;
}

async function addAmrClaim(tx: Queryable, sessionId: string, method: string): Promise<void> {
  await tx.query(
    `insert into auth.mfa_amr_claims (id, session_id, created_at, updated_at, authentication_method)
     values (gen_random_uuid(), $1, now(), now(), $2)
     on conflict (session_id, authentication_method) do update set updated_at = now()`,
    [sessionId, method],
  );
}

async function insertRefreshToken(
  tx: Queryable,
  session: { id: string; user_id: string },
  parent: string | null,
): Promise<string> {
  const token = newRefreshToken();
  await tx.query(
    `insert into auth.refresh_tokens (instance_id, token, user_id, revoked, created_at, updated_at,
       parent, session_id)
     values ('00000000-0000-0000-0000-000000000000', $1, $2, false, now(), now(), $3, $4)`,
    [token, session.user_id, parent, session.id],
  );
  return token;
}

/** Starts a session for a sign-in by `method` (password, otp, oauth, recovery, ...). */
export async function createSession(
  tx: Queryable,
  ctx: EmulatorContext,
  user: UserRow,
  method: string,
  extra: Record<string, unknown> = {},
): Promise<SessionResponse> {
  const sessionId = randomUUID();
  await tx.query(
    `insert into auth.sessions (id, user_id, created_at, updated_at, aal, refreshed_at)
     values ($1, $2, now(), now(), 'aal1', now() at time zone 'utc')`,
    [sessionId, user.id],
  );
  await addAmrClaim(tx, sessionId, method);
  await tx.query(`update auth.users set last_sign_in_at = now(), updated_at = now() where id = $1`, [
    user.id,
  ]);
  const token = await insertRefreshToken(tx, { id: sessionId, user_id: user.id }, null);
  return sessionResponse(tx, ctx, user.id, sessionId, token, extra);
}

/** Raises a session to aal2 after a verified MFA factor and hands out fresh tokens (GoTrue). */
export async function upgradeSession(
  tx: Queryable,
  ctx: EmulatorContext,
  session: SessionRow,
  factorId: string,
  method: string,
): Promise<SessionResponse> {
  await tx.query(`update auth.sessions set aal = 'aal2', factor_id = $2, updated_at = now() where id = $1`, [
    session.id,
    factorId,
  ]);
  await addAmrClaim(tx, session.id, method);
  await tx.query(
    `update auth.refresh_tokens set revoked = true, updated_at = now()
      where session_id = $1 and revoked = false`,
    [session.id],
  );
  const token = await insertRefreshToken(tx, session, null);
  return sessionResponse(tx, ctx, session.user_id, session.id, token);
}

interface AmrRow {
  method: string;
  timestamp: number;
}

export async function accessTokenClaims(
  q: Queryable,
  ctx: EmulatorContext,
  user: UserRow,
  sessionId: string,
): Promise<Record<string, unknown>> {
  const session = await findSession(q, sessionId);
  const amr = await q.query<AmrRow>(
    `select authentication_method as method, floor(extract(epoch from updated_at))::int as timestamp
       from auth.mfa_amr_claims where session_id = $1 order by updated_at desc, authentication_method`,
    [sessionId],
  );
  return {
    iss: `${ctx.apiUrl()}/auth/v1`,
    sub: user.id,
    aud: user.aud ?? 'authenticated',
    email: user.email ?? '',
    phone: user.phone ?? '',
    app_metadata: user.raw_app_meta_data ?? {},
    user_metadata: user.raw_user_meta_data ?? {},
    role: user.role ?? 'authenticated',
    aal: session?.aal ?? 'aal1',
    amr: amr.rows.map((row) => ({ method: row.method, timestamp: Number(row.timestamp) })),
    session_id: sessionId,
    is_anonymous: user.is_anonymous,
  };
}

export async function sessionResponse(
  q: Queryable,
  ctx: EmulatorContext,
  userId: string,
  sessionId: string,
  refreshToken: string,
  extra: Record<string, unknown> = {},
): Promise<SessionResponse> {
  const user = await findUserById(q, userId);
  if (!user) throw badRequest('user_not_found', 'User not found');
  const claims = await accessTokenClaims(q, ctx, user, sessionId);
  const expiresIn = ctx.config.jwtExpiry;
  const accessToken = await ctx.keys.signAccessToken(claims, expiresIn);
  return {
    access_token: accessToken,
    token_type: 'bearer',
    expires_in: expiresIn,
    expires_at: Math.floor(Date.now() / 1000) + expiresIn,
    refresh_token: refreshToken,
    user: await userJson(q, user),
    ...extra,
  };
}

interface RefreshRow {
  id: number;
  token: string;
  user_id: string;
  revoked: boolean;
  parent: string | null;
  session_id: string;
  revoked_seconds_ago: number;
}

const notFoundToken = () =>
  badRequest('refresh_token_not_found', 'Invalid Refresh Token: Refresh Token Not Found');

/**
 * grant_type=refresh_token with rotation. A revoked token is accepted only if it is the parent of the
 * session's active token and was revoked less than 10 s ago (then the active token is returned again);
 * any other reuse revokes every token of the session.
 */
export async function refreshSession(
  tx: Queryable,
  ctx: EmulatorContext,
  presented: string,
): Promise<SessionResponse | { reused: true }> {
  const { rows } = await tx.query<RefreshRow>(
    `select id, token, user_id, revoked, parent, session_id,
            extract(epoch from now() - updated_at)::float8 as revoked_seconds_ago
       from auth.refresh_tokens where token = $1 for update`,
    [presented],
  );
  const row = rows[0];
  if (!row) throw notFoundToken();
  const session = await findSession(tx, row.session_id);
  if (!session) throw notFoundToken();
  const user = await findUserById(tx, session.user_id);
  if (!user) throw notFoundToken();
  if (isBanned(user)) throw badRequest('user_banned', 'User is banned');

  if (row.revoked) {
    const active = await tx.query<{ token: string; parent: string | null }>(
      `select token, parent from auth.refresh_tokens
        where session_id = $1 and revoked = false order by id desc limit 1`,
      [row.session_id],
    );
    const current = active.rows[0];
    if (current && current.parent === row.token && row.revoked_seconds_ago < REFRESH_REUSE_INTERVAL_SECONDS) {
      return sessionResponse(tx, ctx, user.id, session.id, current.token);
    }
    await tx.query(
      `update auth.refresh_tokens set revoked = true, updated_at = now() where session_id = $1`,
      [row.session_id],
    );
    return { reused: true };
  }

  await tx.query(`update auth.refresh_tokens set revoked = true, updated_at = now() where id = $1`, [row.id]);
  const token = await insertRefreshToken(tx, session, row.token);
  await tx.query(
    `update auth.sessions set refreshed_at = now() at time zone 'utc', updated_at = now()
      where id = $1`,
    [session.id],
  );
  return sessionResponse(tx, ctx, user.id, session.id, token);
}

export type LogoutScope = 'global' | 'local' | 'others';

export async function logout(
  tx: Queryable,
  userId: string,
  sessionId: string,
  scope: LogoutScope,
): Promise<void> {
  if (scope === 'local') {
    await tx.query(`delete from auth.sessions where id = $1`, [sessionId]);
  } else if (scope === 'others') {
    await tx.query(`delete from auth.sessions where user_id = $1 and id <> $2`, [userId, sessionId]);
  } else {
    await tx.query(`delete from auth.sessions where user_id = $1`, [userId]);
  }
}
