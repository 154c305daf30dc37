/**
 * `POST /token?grant_type=password|refresh_token|pkce`.
 */
import type { Context } from 'hono';
import type { EmulatorContext } from '../context';
import { AuthError, badRequest, invalidCredentials, validationFailed } from './errors';
import { exchangeAuthCode } from './pkce';
import type { AuthLimits } from './rate-limit';
import { clientIp, normaliseEmail, optionalString, readBody } from './request';
import { createSession, refreshSession, type SessionResponse } from './sessions';
import { findUserByEmail, isBanned, passwordMatches } from './users';

export async function token(ctx: EmulatorContext, c: Context, limits: AuthLimits): Promise<SessionResponse> {
  const grantType = c.req.query('grant_type');
  const body = await readBody(c);
  switch (grantType) {
    case 'password':
      limits.signIn(clientIp(c), 'password');
      return passwordGrant(ctx, body);
    case 'refresh_token':
      limits.refresh(clientIp(c));
      return refreshGrant(ctx, body);
    case 'pkce': {
      limits.signIn(clientIp(c), 'pkce');
      const authCode = optionalString(body, 'auth_code', 200);
      const verifier = optionalString(body, 'code_verifier', 200);
      if (!authCode || !verifier)
        throw validationFailed('invalid request: both auth code and code verifier should be non-empty');
      return ctx.engine.transaction((tx) => exchangeAuthCode(tx, ctx, authCode, verifier));
    }
    default:
      throw badRequest('unsupported_grant_type', `unsupported_grant_type: ${String(grantType).slice(0, 40)}`);
  }
}

async function passwordGrant(ctx: EmulatorContext, body: Record<string, unknown>): Promise<SessionResponse> {
  const rawEmail = optionalString(body, 'email', 320);
  const password = optionalString(body, 'password', 1024);
  if (optionalString(body, 'phone', 32) && !rawEmail) {
    throw new AuthError(400, 'phone_provider_disabled', 'Phone logins are disabled');
  }
  if (!rawEmail || password === undefined) throw invalidCredentials();
  let email: string;
  try {
    email = normaliseEmail(rawEmail);
  } catch {
    throw invalidCredentials();
  }
  const user = await findUserByEmail(ctx.engine, email);
  // Compare before looking at anything else, so timing does not tell which e-mails exist.
  const ok = await passwordMatches(user, password);
  if (!user || !ok) throw invalidCredentials();
  if (isBanned(user)) throw badRequest('user_banned', 'User is banned');
  if (!user.email_confirmed_at) throw badRequest('email_not_confirmed', 'Email not confirmed');
  return ctx.engine.transaction((tx) => createSession(tx, ctx, user, 'password'));
}

async function refreshGrant(ctx: EmulatorContext, body: Record<string, unknown>): Promise<SessionResponse> {
  const presented = optionalString(body, 'refresh_token', 512);
  if (!presented)
    throw badRequest('refresh_token_not_found', 'Invalid Refresh Token: Refresh Token Not Found');
  const result = await ctx.engine.transaction((tx) => refreshSession(tx, ctx, presented));
  // The family is revoked by the committed transaction; only then is the reuse reported.
  if ('reused' in result) {
    throw badRequest('refresh_token_already_used', 'Invalid Refresh Token: Already Used');
  }
  return result;
}
