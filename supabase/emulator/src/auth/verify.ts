/**
 * Following an e-mail link or entering its code: `GET /verify` (303 back to the app, tokens in the
 * hash for the implicit flow, `?code=` for PKCE) and `POST /verify` (`token_hash`, or e-mail + code).
 * Both count against `token_verifications` per client address.
 */
import type { Context } from 'hono';
import type { EmulatorContext } from '../context';
import type { Queryable } from '../db/engine';
import { AuthError, validationFailed } from './errors';
import { flowMethodForVerifyType } from './email-links';
import { consumeToken, hasToken, tokenHashFor, type TokenType } from './one-time-tokens';
import { amrMethodFor, issueAuthCodeForUser } from './pkce';
import type { AuthLimits } from './rate-limit';
import { clientIp, normaliseEmail, optionalString, readBody, safeRedirect } from './request';
import { createSession, type SessionResponse } from './sessions';
import { findUserById, type UserRow } from './users';

const TOKEN_TYPES: Record<string, readonly TokenType[]> = {
  signup: ['confirmation_token'],
  invite: ['confirmation_token'],
  recovery: ['recovery_token'],
  magiclink: ['recovery_token', 'confirmation_token'],
  email: ['confirmation_token', 'recovery_token'],
  email_change: ['email_change_token_current', 'email_change_token_new'],
};

export const EMAIL_CHANGE_PENDING =
  'Confirmation link accepted. Please proceed to confirm link sent to the other email';

type Outcome = { kind: 'verified'; user: UserRow } | { kind: 'pending'; message: string };

/** Applies what a consumed token proves: a confirmed address, or (half of) an e-mail change. */
async function applyToken(
  tx: Queryable,
  type: string,
  tokenType: TokenType,
  userId: string,
): Promise<Outcome> {
  const user = await findUserById(tx, userId);
  if (!user) throw new AuthError(403, 'otp_expired', 'Token has expired or is invalid');
  if (type === 'email_change') {
    const other: TokenType =
      tokenType === 'email_change_token_current' ? 'email_change_token_new' : 'email_change_token_current';
    if (await hasToken(tx, userId, other)) {
      await tx.query(`update auth.users set email_change_confirm_status = 1 where id = $1`, [userId]);
      return { kind: 'pending', message: EMAIL_CHANGE_PENDING };
    }
    await tx.query(
      `update auth.users set email = email_change, email_change = '', email_change_sent_at = null,
         email_change_confirm_status = 0, email_confirmed_at = coalesce(email_confirmed_at, now()),
         updated_at = now()
       where id = $1 and email_change <> ''`,
      [userId],
    );
    await tx.query(
      `update auth.identities
          set identity_data = identity_data || jsonb_build_object('email', u.email), updated_at = now()
         from auth.users u
        where u.id = $1 and auth.identities.user_id = u.id and auth.identities.provider = 'email'`,
      [userId],
    );
  } else if (!user.email_confirmed_at) {
    // Following any link sent to the address proves the address.
    await tx.query(`update auth.users set email_confirmed_at = now(), updated_at = now() where id = $1`, [
      userId,
    ]);
    await tx.query(
      `update auth.identities
          set identity_data = identity_data || '{"email_verified": true}'::jsonb, updated_at = now()
        where user_id = $1 and provider = 'email'`,
      [userId],
    );
  }
  const fresh = await findUserById(tx, userId);
  if (!fresh) throw new AuthError(403, 'otp_expired', 'Token has expired or is invalid');
  return { kind: 'verified', user: fresh };
}

function checkType(type: string | undefined): string {
  if (!type) throw validationFailed('Verify requires a verification type');
  if (type === 'sms' || type === 'phone_change') {
    throw new AuthError(400, 'phone_provider_disabled', 'Phone logins are disabled');
  }
  if (!(type in TOKEN_TYPES)) throw validationFailed(`Unsupported verification type: ${type.slice(0, 40)}`);
  return type;
}

function hashRedirect(target: string, params: Record<string, string>): string {
  const url = new URL(target);
  url.hash = new URLSearchParams(params).toString();
  return url.toString();
}

function queryRedirect(target: string, params: Record<string, string>): string {
  const url = new URL(target);
  for (const [key, value] of Object.entries(params)) url.searchParams.set(key, value);
  return url.toString();
}

export function sessionFragment(session: SessionResponse, type?: string): Record<string, string> {
  const fragment: Record<string, string> = {
    access_token: session.access_token,
    expires_at: String(session.expires_at),
    expires_in: String(session.expires_in),
  };
  if (typeof session.provider_token === 'string') fragment.provider_token = session.provider_token;
  fragment.refresh_token = session.refresh_token;
  fragment.token_type = 'bearer';
  if (type) fragment.type = type;
  fragment.sb = '';
  return fragment;
}

export async function verifyGet(ctx: EmulatorContext, c: Context, limits: AuthLimits): Promise<Response> {
  // GoTrue's limiter sits in front of both methods: an over-limit link answers 429 JSON, no redirect.
  limits.verify(clientIp(c));
  const rawToken = c.req.query('token') ?? '';
  const type = checkType(c.req.query('type'));
  const redirectTo = safeRedirect(ctx.config, c.req.query('redirect_to'));
  const pkce = rawToken.startsWith('pkce_');
  const tokenHash = pkce ? rawToken.slice(5) : rawToken;
  const fail = (code: string, description: string) => {
    const params = { error: 'access_denied', error_code: code, error_description: description };
    return c.redirect(pkce ? queryRedirect(redirectTo, params) : hashRedirect(redirectTo, params), 303);
  };
  try {
    const result = await ctx.engine.transaction(async (tx) => {
      const token = await consumeToken(tx, tokenHash, TOKEN_TYPES[type] ?? [], ctx.config.otpExpiry);
      const outcome = await applyToken(tx, type, token.token_type, token.user_id);
      if (outcome.kind === 'pending') return { pending: outcome.message } as const;
      if (pkce) {
        const code = await issueAuthCodeForUser(tx, outcome.user.id, flowMethodForVerifyType(type));
        return { code } as const;
      }
      return {
        session: await createSession(tx, ctx, outcome.user, amrMethodFor(flowMethodForVerifyType(type))),
      } as const;
    });
    if ('pending' in result) {
      return c.redirect(hashRedirect(redirectTo, { message: result.pending, sb: '' }), 303);
    }
    if ('code' in result) {
      if (!result.code) return fail('flow_state_not_found', 'No pending PKCE flow for this link');
      return c.redirect(queryRedirect(redirectTo, { code: result.code }), 303);
    }
    return c.redirect(hashRedirect(redirectTo, sessionFragment(result.session, type)), 303);
  } catch (error) {
    if (error instanceof AuthError && error.code === 'otp_expired') {
      return fail('otp_expired', 'Email link is invalid or has expired');
    }
    throw error;
  }
}

export async function verifyPost(
  ctx: EmulatorContext,
  c: Context,
  limits: AuthLimits,
): Promise<Record<string, unknown>> {
  limits.verify(clientIp(c));
  const body = await readBody(c);
  const type = checkType(optionalString(body, 'type', 32));
  const tokenHashParam = optionalString(body, 'token_hash', 200);
  const token = optionalString(body, 'token', 200);
  const emailParam = optionalString(body, 'email', 320);
  let tokenHash: string;
  let relatesTo: string | undefined;
  if (tokenHashParam) {
    tokenHash = tokenHashParam.replace(/^pkce_/, '');
  } else if (token && emailParam) {
    relatesTo = normaliseEmail(emailParam);
    tokenHash = tokenHashFor(relatesTo, token.trim());
  } else if (optionalString(body, 'phone', 32)) {
    throw new AuthError(400, 'phone_provider_disabled', 'Phone logins are disabled');
  } else {
    throw validationFailed('Verify requires either a token or a token hash');
  }
  return ctx.engine.transaction(async (tx) => {
    const consumed = await consumeToken(
      tx,
      tokenHash,
      TOKEN_TYPES[type] ?? [],
      ctx.config.otpExpiry,
      relatesTo,
    );
    const outcome = await applyToken(tx, type, consumed.token_type, consumed.user_id);
    if (outcome.kind === 'pending') return { msg: outcome.message, message: outcome.message, code: 200 };
    return createSession(tx, ctx, outcome.user, amrMethodFor(flowMethodForVerifyType(type)));
  });
}
