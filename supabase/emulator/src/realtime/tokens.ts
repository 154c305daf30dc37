/**
 * Channel token checks with hosted Realtime's reasons (supabase/realtime: realtime_channel.ex,
 * channels_authorization.ex): a join answers `{"reason": "<Code>: <message>"}`, a mid-channel failure
 * pushes `system` with the bare message.
 */
import { decodeJwt } from 'jose';
import type { ApiRole } from '../db/request-context';
import { JwtError, type Keys } from '../keys';

const API_ROLES: readonly string[] = ['anon', 'authenticated', 'service_role'];

export interface TokenOk {
  ok: true;
  token: string;
  role: ApiRole;
  claims: Record<string, unknown>;
  /** Seconds since the epoch. */
  exp: number;
}

export interface TokenFailure {
  ok: false;
  /** Hosted's error code for join replies, e.g. InvalidJWTToken. */
  code: string;
  message: string;
}

export type TokenCheck = TokenOk | TokenFailure;

export function joinReason(failure: TokenFailure): string {
  return `${failure.code}: ${failure.message}`;
}

export async function checkToken(keys: Keys, token: unknown): Promise<TokenCheck> {
  if (typeof token !== 'string' || token.trim() === '') {
    return { ok: false, code: 'InvalidJWTToken', message: 'The token provided is not a valid JWT' };
  }
  const clean = token.replace(/\s/g, '');
  let claims: Record<string, unknown>;
  try {
    claims = await keys.verify(clean);
  } catch (error) {
    if (!(error instanceof JwtError)) throw error;
    if (error.reason === 'expired') {
      return { ok: false, code: 'InvalidJWTToken', message: expiredMessage(clean) };
    }
    if (error.reason === 'malformed') {
      return { ok: false, code: 'InvalidJWTToken', message: 'The token provided is not a valid JWT' };
    }
    return { ok: false, code: 'JwtSignatureError', message: 'Failed to validate JWT signature' };
  }
  const { role, exp } = claims;
  if (typeof role !== 'string' || typeof exp !== 'number') {
    return { ok: false, code: 'InvalidJWTToken', message: 'Fields `role` and `exp` are required in JWT' };
  }
  if (!API_ROLES.includes(role)) {
    return { ok: false, code: 'Unauthorized', message: `Role "${role}" is not allowed` };
  }
  return { ok: true, token: clean, role: role as ApiRole, claims, exp };
}

/** "Token has expired N seconds ago", N from the token's own `exp`. */
export function expiredMessage(token: string): string {
  let exp = Math.floor(Date.now() / 1000);
  try {
    const claims = decodeJwt(token);
    if (typeof claims.exp === 'number') exp = claims.exp;
  } catch {
    // The signature was already checked; an undecodable payload cannot reach this point.
  }
  const seconds = Math.max(0, Math.floor(Date.now() / 1000) - exp);
  return `Token has expired ${seconds} seconds ago`;
}
