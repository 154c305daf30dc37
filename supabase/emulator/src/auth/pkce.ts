/**
 * PKCE (auth.flow_state): a sign-in started with a code challenge ends with `?code=` on the redirect,
 * which the client exchanges with its verifier at `POST /token?grant_type=pkce`.
 */
import { createHash, randomUUID } from 'node:crypto';
import type { EmulatorContext } from '../context';
import type { Queryable } from '../db/engine';
import { badRequest, notFound, validationFailed } from './errors';
import { optionalString, type Body } from './request';
import { createSession, type SessionResponse } from './sessions';
import { findUserById } from './users';

/** GoTrue: an issued auth code must be exchanged within 5 minutes. */
export const FLOW_STATE_TTL_SECONDS = 300;

export interface PkceParams {
  challenge: string;
  method: 's256' | 'plain';
}

export function readPkce(body: Body): PkceParams | null {
  const challenge = optionalString(body, 'code_challenge', 256);
  const rawMethod = optionalString(body, 'code_challenge_method', 16);
  if (!challenge && !rawMethod) return null;
  if (!challenge || !rawMethod) {
    throw validationFailed('PKCE flow requires code_challenge_method and code_challenge');
  }
  const method = rawMethod.toLowerCase();
  if (method !== 's256' && method !== 'plain') {
    throw validationFailed('code challenge method not supported');
  }
  if (challenge.length < 43 || challenge.length > 128) {
    throw validationFailed('code challenge has to be between 43 and 128 characters');
  }
  return { challenge, method };
}

/** authentication_method of a flow -> the amr method of the session it ends in. */
export function amrMethodFor(authenticationMethod: string): string {
  switch (authenticationMethod) {
    case 'recovery':
      return 'recovery';
    case 'invite':
      return 'invite';
    case 'email_change':
      return 'email_change';
    case 'oauth':
      return 'oauth';
    default:
      return 'otp';
  }
}

export async function createFlowState(
  tx: Queryable,
  pkce: PkceParams,
  options: { userId: string | null; providerType: string; authenticationMethod: string },
): Promise<{ id: string; authCode: string }> {
  const id = randomUUID();
  const authCode = randomUUID();
  await tx.query(
    `insert into auth.flow_state (id, user_id, auth_code, code_challenge_method, code_challenge,
       provider_type, created_at, updated_at, authentication_method)
     values ($1, $2, $3, $4, $5, $6, now(), now(), $7)`,
    [
      id,
      options.userId,
      authCode,
      pkce.method,
      pkce.challenge,
      options.providerType,
      options.authenticationMethod,
    ],
  );
  return { id, authCode };
}

/** Marks the newest pending flow of a user and method as issued; returns its auth code. */
export async function issueAuthCodeForUser(
  tx: Queryable,
  userId: string,
  authenticationMethod: string,
): Promise<string | null> {
  const { rows } = await tx.query<{ auth_code: string }>(
    `update auth.flow_state set auth_code_issued_at = now(), updated_at = now()
      where id = (select id from auth.flow_state
                   where user_id = $1 and authentication_method = $2 and auth_code_issued_at is null
                   order by created_at desc limit 1)
      returning auth_code`,
    [userId, authenticationMethod],
  );
  return rows[0]?.auth_code ?? null;
}

interface FlowRow {
  id: string;
  user_id: string | null;
  code_challenge_method: 's256' | 'plain';
  code_challenge: string;
  authentication_method: string;
  provider_type: string;
  provider_access_token: string | null;
  provider_refresh_token: string | null;
  expired: boolean;
}

export async function exchangeAuthCode(
  tx: Queryable,
  ctx: EmulatorContext,
  authCode: string,
  verifier: string,
): Promise<SessionResponse> {
  const { rows } = await tx.query<FlowRow>(
    `delete from auth.flow_state where auth_code = $1 and auth_code_issued_at is not null
     returning id, user_id, code_challenge_method::text as code_challenge_method, code_challenge,
       authentication_method, provider_type, provider_access_token, provider_refresh_token,
       auth_code_issued_at < now() - make_interval(secs => $2) as expired`,
    [authCode, FLOW_STATE_TTL_SECONDS],
  );
  const flow = rows[0];
  if (!flow || !flow.user_id) {
    throw notFound('flow_state_not_found', 'invalid flow state, no valid flow state found');
  }
  if (flow.expired) {
    throw notFound('flow_state_expired', 'invalid flow state, flow state has expired');
  }
  const computed =
    flow.code_challenge_method === 's256'
      ? createHash('sha256').update(verifier).digest('base64url')
      : verifier;
  if (computed !== flow.code_challenge) {
    throw badRequest('bad_code_verifier', 'code challenge does not match previously saved code verifier');
  }
  const user = await findUserById(tx, flow.user_id);
  if (!user) throw notFound('user_not_found', 'User not found');
  const extra: Record<string, unknown> = {};
  if (flow.provider_access_token) extra.provider_token = flow.provider_access_token;
  if (flow.provider_refresh_token) extra.provider_refresh_token = flow.provider_refresh_token;
  return createSession(tx, ctx, user, amrMethodFor(flow.authentication_method), extra);
}
