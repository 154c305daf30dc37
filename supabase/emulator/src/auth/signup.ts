/**
 * `POST /signup` and `POST /otp` (magic link). Confirmation by e-mail unless `autoconfirm`; an address
 * that is already registered gets GoTrue's answers (supabase/auth: internal/api/signup.go): 422 with
 * autoconfirm, else a look-alike user with no identities so the answer reveals nothing.
 */
import type { Context } from 'hono';
import type { EmulatorContext } from '../context';
import { AuthError, unprocessable, validationFailed } from './errors';
import { deliver, prepareLink, type PreparedLink } from './email-links';
import { readPkce } from './pkce';
import type { AuthLimits } from './rate-limit';
import {
  clientIp,
  normaliseEmail,
  optionalObject,
  optionalString,
  readBody,
  safeRedirect,
  type Body,
} from './request';
import { createSession } from './sessions';
import {
  checkPasswordStrength,
  findUserByEmail,
  hashPassword,
  insertUser,
  obfuscatedUser,
  userJson,
} from './users';

function requireEmail(body: Body, message: string): string {
  const email = optionalString(body, 'email', 320);
  if (optionalString(body, 'phone', 32) && !email) {
    throw new AuthError(400, 'phone_provider_disabled', 'Phone signups are disabled');
  }
  if (!email) throw validationFailed(message);
  return normaliseEmail(email);
}

export async function signup(
  ctx: EmulatorContext,
  c: Context,
  limits: AuthLimits,
): Promise<Record<string, unknown>> {
  const body = await readBody(c);
  if (body.email === undefined && body.phone === undefined && body.password === undefined) {
    // signInAnonymously() posts an empty sign-up; anonymous users are off, as in a new project.
    throw unprocessable('anonymous_provider_disabled', 'Anonymous sign-ins are disabled');
  }
  // GoTrue limits sign-ups per client address (`sign_in_sign_ups`) before it reads the fields.
  limits.signIn(clientIp(c), 'signup');
  const email = requireEmail(body, 'To signup, please provide your email');
  const password = optionalString(body, 'password', 1024);
  if (!password) throw validationFailed('Signup requires a valid password');
  checkPasswordStrength(ctx.config, password);
  const data = optionalObject(body, 'data') ?? {};
  const pkce = readPkce(body);
  const redirectTo = safeRedirect(
    ctx.config,
    c.req.query('redirect_to') ?? optionalString(body, 'redirect_to'),
  );
  const passwordHash = await hashPassword(password);
  const autoconfirm = ctx.config.autoconfirm;

  const outcome = await ctx.engine.transaction(async (tx) => {
    const existing = await findUserByEmail(tx, email);
    if (existing?.email_confirmed_at) {
      if (autoconfirm) throw unprocessable('user_already_exists', 'User already registered');
      return { body: obfuscatedUser(email, data), links: [] as PreparedLink[] };
    }
    if (existing) {
      // Unconfirmed: take the newest password and data, and send the confirmation again (or, with
      // autoconfirm, confirm now).
      await tx.query(
        `update auth.users set encrypted_password = $2,
           raw_user_meta_data = coalesce(raw_user_meta_data, '{}'::jsonb) || $3::jsonb,
           email_confirmed_at = case when $4::boolean then now() end, updated_at = now()
         where id = $1`,
        [existing.id, passwordHash, JSON.stringify(data), autoconfirm],
      );
    }
    const user =
      (existing && (await findUserByEmail(tx, email))) ??
      (await insertUser(tx, {
        email,
        passwordHash,
        userMetadata: data,
        provider: 'email',
        emailConfirmed: autoconfirm,
      }));
    if (autoconfirm) return { body: await createSession(tx, ctx, user, 'password'), links: [] };
    const link = await prepareLink(tx, ctx, 'signup', {
      userId: user.id,
      to: email,
      redirectTo,
      pkce,
      limits,
    });
    const fresh = (await findUserByEmail(tx, email)) ?? user;
    return { body: await userJson(tx, fresh), links: [link] };
  });
  await deliver(ctx, outcome.links);
  return outcome.body;
}

/** signInWithOtp for e-mail: a magic link (or a confirmation for a new or unconfirmed user). */
export async function otp(
  ctx: EmulatorContext,
  c: Context,
  limits: AuthLimits,
): Promise<Record<string, unknown>> {
  const body = await readBody(c);
  // The same per-address budget as sign-ups: an OTP request can create a user too.
  limits.signIn(clientIp(c), 'otp');
  const email = requireEmail(body, 'An email address is required');
  const data = optionalObject(body, 'data') ?? {};
  const createUser = body.create_user !== false;
  const pkce = readPkce(body);
  const redirectTo = safeRedirect(
    ctx.config,
    c.req.query('redirect_to') ?? optionalString(body, 'redirect_to'),
  );
  const links = await ctx.engine.transaction(async (tx) => {
    let user = await findUserByEmail(tx, email);
    if (!user) {
      if (!createUser) throw unprocessable('otp_disabled', 'Signups not allowed for otp');
      user = await insertUser(tx, {
        email,
        passwordHash: null,
        userMetadata: data,
        provider: 'email',
        emailConfirmed: false,
      });
    }
    const kind = user.email_confirmed_at ? 'magiclink' : 'signup';
    return [await prepareLink(tx, ctx, kind, { userId: user.id, to: email, redirectTo, pkce, limits })];
  });
  await deliver(ctx, links);
  return {};
}
