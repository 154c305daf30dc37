/**
 * Who is calling the auth API: the project key (`apikey`, as Supabase's gateway checks it), the
 * signed-in user behind a Bearer access token (GoTrue's requireAuthentication), or an admin
 * (service_role key).
 */
import type { Context } from 'hono';
import type { EmulatorContext } from '../context';
import { readApiKey, readBearer } from '../http/identity';
import { JwtError } from '../keys';
import { AuthError, forbidden, unauthorized } from './errors';
import { findSession, type SessionRow } from './sessions';
import { findUserById, type UserRow } from './users';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The gateway's check of the project key; returns the refusal body for a missing or wrong key (not
 * GoTrue's shape: the gateway sends it), or null when the key is fine.
 */
export async function apiKeyRefusal(
  ctx: EmulatorContext,
  headers: Headers,
  url: URL,
): Promise<Record<string, string> | null> {
  const key = readApiKey(headers, url);
  if (!key) {
    return {
      message: 'No API key found in request',
      hint: 'No `apikey` request header or url param was found.',
    };
  }
  const { anonKey, serviceRoleKey, publishableKey, secretKey } = ctx.keys;
  if ([anonKey, serviceRoleKey, publishableKey, secretKey].includes(key)) return null;
  try {
    const claims = await ctx.keys.verify(key);
    if (claims.role === 'anon' || claims.role === 'service_role') return null;
  } catch (error) {
    if (!(error instanceof JwtError)) throw error;
  }
  return {
    message: 'Invalid API key',
    hint: 'Double check your Supabase `anon` or `service_role` API key.',
  };
}

export async function verifiedClaims(ctx: EmulatorContext, c: Context): Promise<Record<string, unknown>> {
  const token = readBearer(c.req.raw.headers);
  if (!token) throw unauthorized('no_authorization', 'This endpoint requires a valid Bearer token');
  try {
    return await ctx.keys.verify(token);
  } catch (error) {
    if (!(error instanceof JwtError)) throw error;
    throw forbidden(
      'bad_jwt',
      error.reason === 'expired'
        ? 'invalid JWT: unable to parse or verify signature, token has invalid claims: token is expired'
        : error.message,
    );
  }
}

export interface Caller {
  user: UserRow;
  session: SessionRow | null;
  claims: Record<string, unknown>;
}

export async function requireUser(ctx: EmulatorContext, c: Context): Promise<Caller> {
  const claims = await verifiedClaims(ctx, c);
  const sub = claims.sub;
  if (typeof sub !== 'string' || sub === '') {
    throw forbidden('bad_jwt', 'invalid claim: missing sub claim');
  }
  if (!UUID.test(sub)) throw forbidden('bad_jwt', 'invalid claim: sub claim must be a UUID');
  const user = await findUserById(ctx.engine, sub);
  if (!user) throw forbidden('user_not_found', 'User from sub claim in JWT does not exist');
  let session: SessionRow | null = null;
  const sessionId = claims.session_id;
  if (sessionId !== undefined && sessionId !== null && sessionId !== '') {
    if (typeof sessionId !== 'string' || !UUID.test(sessionId)) {
      throw forbidden('bad_jwt', 'invalid claim: session_id claim must be a UUID');
    }
    session = await findSession(ctx.engine, sessionId);
    if (!session || session.user_id !== user.id) {
      throw forbidden('session_not_found', 'Session from session_id claim in JWT does not exist');
    }
  }
  return { user, session, claims };
}

/** Endpoints that act on the current session (logout, MFA) need one. */
export function requireSession(caller: Caller): SessionRow {
  if (!caller.session) {
    throw forbidden('session_not_found', 'Session from session_id claim in JWT does not exist');
  }
  return caller.session;
}

export async function requireAdmin(ctx: EmulatorContext, c: Context): Promise<void> {
  const claims = await verifiedClaims(ctx, c);
  if (claims.role !== 'service_role' && claims.role !== 'supabase_admin') {
    throw new AuthError(403, 'not_admin', 'User not allowed');
  }
}

export function isUuid(value: string): boolean {
  return UUID.test(value);
}
