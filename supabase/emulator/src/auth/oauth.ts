/**
 * OAuth sign-in for google and apple without the providers: `GET /authorize` shows a local page to
 * pick a test identity, which posts to `/callback`; that creates or links the user and redirects back
 * to the app as GoTrue's callback would (tokens in the hash, or `?code=` for PKCE). The flow's
 * parameters travel in an HMAC-signed `state`, so /callback trusts nothing else from the form but the
 * chosen identity.
 */
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import type { Context } from 'hono';
import type { EmulatorContext } from '../context';
import type { Queryable } from '../db/engine';
import { AuthError, badRequest, validationFailed } from './errors';
import { createFlowState, readPkce } from './pkce';
import { normaliseEmail, optionalString, queryFields, readBody, safeRedirect } from './request';
import { createSession } from './sessions';
import { findUserByEmail, findUserById, insertIdentity, insertUser, type UserRow } from './users';
import { sessionFragment } from './verify';
import { authorizePage } from './oauth-page';

export const PROVIDERS = {
  google: { label: 'Google', iss: 'https://accounts.google.com' },
  apple: { label: 'Apple', iss: 'https://appleid.apple.com' },
} as const;
type Provider = keyof typeof PROVIDERS;

const STATE_TTL_MS = 10 * 60_000;

interface State {
  provider: Provider;
  redirectTo: string;
  flowStateId: string | null;
  exp: number;
}

function stateKey(ctx: EmulatorContext): Buffer {
  return createHash('sha256').update(`oauth-state:${ctx.keys.jwtSecret}`).digest();
}

function signState(ctx: EmulatorContext, state: State): string {
  const payload = Buffer.from(JSON.stringify(state)).toString('base64url');
  const mac = createHmac('sha256', stateKey(ctx)).update(payload).digest('base64url');
  return `${payload}.${mac}`;
}

function readState(ctx: EmulatorContext, raw: string | undefined): State {
  const invalid = () => badRequest('bad_oauth_state', 'OAuth state parameter is invalid');
  const [payload, mac] = (raw ?? '').split('.');
  if (!payload || !mac) throw invalid();
  const expected = createHmac('sha256', stateKey(ctx)).update(payload).digest();
  const given = Buffer.from(mac, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw invalid();
  let state: State;
  try {
    state = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as State;
  } catch {
    throw invalid();
  }
  if (typeof state.exp !== 'number' || state.exp < Date.now()) {
    throw badRequest('bad_oauth_state', 'OAuth state has expired');
  }
  return state;
}

function isProvider(value: string | undefined): value is Provider {
  return value === 'google' || value === 'apple';
}

export async function authorize(ctx: EmulatorContext, c: Context): Promise<Response> {
  queryFields(c);
  const provider = c.req.query('provider');
  if (!isProvider(provider)) {
    throw validationFailed(
      `Unsupported provider: provider ${String(provider ?? '').slice(0, 40)} could not be found`,
    );
  }
  const redirectTo = safeRedirect(ctx.config, c.req.query('redirect_to'));
  const pkce = readPkce({
    code_challenge: c.req.query('code_challenge'),
    code_challenge_method: c.req.query('code_challenge_method'),
  });
  let flowStateId: string | null = null;
  if (pkce) {
    flowStateId = (
      await ctx.engine.transaction((tx) =>
        createFlowState(tx, pkce, { userId: null, providerType: provider, authenticationMethod: 'oauth' }),
      )
    ).id;
  }
  const state = signState(ctx, { provider, redirectTo, flowStateId, exp: Date.now() + STATE_TTL_MS });
  c.header('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'");
  c.header('Cache-Control', 'no-store');
  return c.html(
    authorizePage({
      provider: PROVIDERS[provider].label,
      providerKey: provider,
      state,
      // The origin the page was asked on: behind the app's dev/preview proxy that is the app's origin, so
      // the form posts back through the same proxy and CSP form-action 'self' allows it.
      callbackUrl: `${new URL(c.req.url).origin}/auth/v1/callback`,
    }),
  );
}

function redirectWith(target: string, params: Record<string, string>, inQuery: boolean): string {
  const url = new URL(target);
  if (inQuery) for (const [key, value] of Object.entries(params)) url.searchParams.set(key, value);
  else url.hash = new URLSearchParams(params).toString();
  return url.toString();
}

export async function callback(ctx: EmulatorContext, c: Context): Promise<Response> {
  const fields: Record<string, unknown> = c.req.method === 'POST' ? await readBody(c) : queryFields(c);
  const state = readState(ctx, optionalString(fields, 'state', 4096));
  // The state is signed with a key derived from the JWT secret, which is public by default: check
  // the redirect again rather than trust it.
  state.redirectTo = safeRedirect(ctx.config, state.redirectTo);
  const pkce = state.flowStateId !== null;
  const error = optionalString(fields, 'error', 100);
  if (error) {
    return c.redirect(
      redirectWith(
        state.redirectTo,
        {
          error: 'access_denied',
          error_code: 'provider_error',
          error_description: optionalString(fields, 'error_description', 200) ?? 'Sign-in was cancelled',
        },
        pkce,
      ),
      303,
    );
  }
  const rawEmail = optionalString(fields, 'email', 320);
  if (!rawEmail) throw validationFailed('Pick a test identity or enter an e-mail address');
  const email = normaliseEmail(rawEmail);
  const name = (optionalString(fields, 'name', 100) ?? '').trim() || email.split('@')[0] || email;
  const meta = PROVIDERS[state.provider];
  const sub = createHash('sha256').update(`${state.provider}:${email}`).digest('hex').slice(0, 24);
  const providerToken = `emulator-${state.provider}-${createHash('sha256').update(`${sub}:${Date.now()}`).digest('hex').slice(0, 32)}`;
  const identityData = {
    iss: meta.iss,
    sub,
    provider_id: sub,
    email,
    email_verified: true,
    phone_verified: false,
    name,
    full_name: name,
  };

  const result = await ctx.engine.transaction(async (tx) => {
    const user = await signInIdentity(tx, state.provider, sub, email, identityData);
    if (state.flowStateId) {
      const updated = await tx.query<{ auth_code: string }>(
        `update auth.flow_state set user_id = $2, auth_code_issued_at = now(), updated_at = now(),
           provider_access_token = $3
         where id = $1 and user_id is null and auth_code_issued_at is null returning auth_code`,
        [state.flowStateId, user.id, providerToken],
      );
      const code = updated.rows[0]?.auth_code;
      if (!code) throw badRequest('flow_state_not_found', 'invalid flow state, no valid flow state found');
      return { code };
    }
    return { session: await createSession(tx, ctx, user, 'oauth', { provider_token: providerToken }) };
  });
  if ('code' in result) {
    return c.redirect(redirectWith(state.redirectTo, { code: result.code }, true), 303);
  }
  return c.redirect(redirectWith(state.redirectTo, sessionFragment(result.session), false), 303);
}

/** Finds the user behind an identity, links it to an existing account by e-mail, or creates one. */
async function signInIdentity(
  tx: Queryable,
  provider: Provider,
  sub: string,
  email: string,
  identityData: Record<string, unknown>,
): Promise<UserRow> {
  const known = await tx.query<{ user_id: string }>(
    `update auth.identities set identity_data = $3::jsonb, last_sign_in_at = now(), updated_at = now()
      where provider_id = $1 and provider = $2 returning user_id`,
    [sub, provider, JSON.stringify(identityData)],
  );
  const knownUser = known.rows[0] && (await findUserById(tx, known.rows[0].user_id));
  if (knownUser) return knownUser;

  const existing = await findUserByEmail(tx, email);
  if (existing) {
    await insertIdentity(tx, existing.id, provider, sub, identityData);
    // A verified provider e-mail proves the address. An unconfirmed account may have been registered
    // by someone else with a password of their choosing: that password is dropped.
    await tx.query(
      `update auth.users
          set raw_app_meta_data = jsonb_set(coalesce(raw_app_meta_data, '{}'::jsonb), '{providers}',
                (select coalesce(jsonb_agg(distinct p), '[]'::jsonb) from (
                   select jsonb_array_elements_text(coalesce(raw_app_meta_data->'providers', '[]'::jsonb)) as p
                   union select $2::text) s)),
              encrypted_password = case when email_confirmed_at is null then '' else encrypted_password end,
              email_confirmed_at = coalesce(email_confirmed_at, now()),
              updated_at = now()
        where id = $1`,
      [existing.id, provider],
    );
    const linked = await findUserById(tx, existing.id);
    if (!linked) throw new AuthError(500, 'unexpected_failure', 'Linked user disappeared');
    return linked;
  }
  return insertUser(tx, {
    email,
    passwordHash: null,
    userMetadata: identityData,
    provider,
    emailConfirmed: true,
    identity: { providerId: sub, data: identityData },
  });
}
