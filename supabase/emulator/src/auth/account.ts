/**
 * The signed-in user's own account: `GET /user`, `PUT /user`, `POST /logout`, and the e-mail flows
 * that need no session: `POST /recover` and `POST /resend`.
 */
import type { Context } from 'hono';
import type { EmulatorContext } from '../context';
import type { Queryable } from '../db/engine';
import { AuthError, unauthorized, unprocessable, validationFailed } from './errors';
import { deliver, prepareLink, type PreparedLink } from './email-links';
import { requireUser, type Caller } from './guard';
import { readPkce } from './pkce';
import type { AuthLimits } from './rate-limit';
import { normaliseEmail, optionalObject, optionalString, readBody, safeRedirect } from './request';
import { logout as endSessions, type LogoutScope } from './sessions';
import {
  checkPasswordStrength,
  findUserByEmail,
  findUserById,
  hashPassword,
  passwordMatches,
  userJson,
} from './users';

export async function getUser(ctx: EmulatorContext, c: Context): Promise<Record<string, unknown>> {
  const { user } = await requireUser(ctx, c);
  return userJson(ctx.engine, user);
}

async function hasVerifiedFactor(q: Queryable, userId: string): Promise<boolean> {
  const { rows } = await q.query(
    `select 1 from auth.mfa_factors where user_id = $1 and status = 'verified' limit 1`,
    [userId],
  );
  return rows.length > 0;
}

export async function updateUser(
  ctx: EmulatorContext,
  c: Context,
  limits: AuthLimits,
): Promise<Record<string, unknown>> {
  const caller = await requireUser(ctx, c);
  const body = await readBody(c);
  const password = optionalString(body, 'password', 1024);
  const rawEmail = optionalString(body, 'email', 320);
  const data = optionalObject(body, 'data');
  if (optionalString(body, 'phone', 32)) {
    throw new AuthError(400, 'phone_provider_disabled', 'Phone logins are disabled');
  }
  const pkce = readPkce(body);
  const email = rawEmail ? normaliseEmail(rawEmail) : undefined;
  const { user, session } = caller;

  if ((password !== undefined || email) && session?.aal !== 'aal2') {
    if (await hasVerifiedFactor(ctx.engine, user.id)) {
      throw unauthorized(
        'insufficient_aal',
        'AAL2 session is required to update email or password when MFA is enabled.',
      );
    }
  }
  let passwordHash: string | undefined;
  if (password !== undefined) {
    checkPasswordStrength(ctx.config, password);
    if (user.encrypted_password && (await passwordMatches(user, password))) {
      throw unprocessable('same_password', 'New password should be different from the old password.');
    }
    passwordHash = await hashPassword(password);
  }
  const redirectTo = safeRedirect(ctx.config, c.req.query('redirect_to'));

  const links = await ctx.engine.transaction(async (tx) => {
    const prepared: PreparedLink[] = [];
    if (data) {
      // Merged in SQL, as GoTrue does: keys set to null are removed.
      const set = Object.fromEntries(Object.entries(data).filter(([, value]) => value !== null));
      const removed = Object.keys(data).filter((key) => data[key] === null);
      await tx.query(
        `update auth.users
            set raw_user_meta_data = (coalesce(raw_user_meta_data, '{}'::jsonb) || $2::jsonb) - $3::text[],
                updated_at = now()
          where id = $1`,
        [user.id, JSON.stringify(set), removed],
      );
    }
    if (passwordHash) {
      await tx.query(`update auth.users set encrypted_password = $2, updated_at = now() where id = $1`, [
        user.id,
        passwordHash,
      ]);
      // GoTrue signs out every other session when the password changes.
      if (session) await endSessions(tx, user.id, session.id, 'others');
    }
    if (email && email !== user.email) {
      prepared.push(...(await changeEmail(tx, ctx, caller, email, redirectTo, pkce, limits)));
    }
    return prepared;
  });
  await deliver(ctx, links);
  const fresh = await findUserById(ctx.engine, user.id);
  return userJson(ctx.engine, fresh ?? user);
}

async function changeEmail(
  tx: Queryable,
  ctx: EmulatorContext,
  caller: Caller,
  email: string,
  redirectTo: string,
  pkce: ReturnType<typeof readPkce>,
  limits: AuthLimits,
): Promise<PreparedLink[]> {
  const taken = await findUserByEmail(tx, email);
  if (taken && taken.id !== caller.user.id) {
    throw unprocessable('email_exists', 'A user with this email address has already been registered');
  }
  if (ctx.config.autoconfirm) {
    await tx.query(
      `update auth.users set email = $2, email_confirmed_at = coalesce(email_confirmed_at, now()),
         updated_at = now() where id = $1`,
      [caller.user.id, email],
    );
    await tx.query(
      `update auth.identities set identity_data = identity_data || jsonb_build_object('email', $2::text)
        where user_id = $1 and provider = 'email'`,
      [caller.user.id, email],
    );
    return [];
  }
  await tx.query(`update auth.users set email_change = $2, updated_at = now() where id = $1`, [
    caller.user.id,
    email,
  ]);
  const links: PreparedLink[] = [];
  // Secure e-mail change (GoTrue's default): both the old and the new address must confirm.
  if (caller.user.email && caller.user.email_confirmed_at) {
    links.push(
      await prepareLink(tx, ctx, 'email_change_current', {
        userId: caller.user.id,
        to: caller.user.email,
        redirectTo,
        pkce,
        limits,
        newEmail: email,
      }),
    );
  } else {
    await tx.query(
      `delete from auth.one_time_tokens where user_id = $1 and token_type = 'email_change_token_current'`,
      [caller.user.id],
    );
  }
  limits.email();
  links.push(
    await prepareLink(tx, ctx, 'email_change_new', {
      userId: caller.user.id,
      to: email,
      redirectTo,
      pkce: links.length === 0 ? pkce : null,
      ...(caller.user.email ? { email: caller.user.email } : {}),
      newEmail: email,
    }),
  );
  return links;
}

const SCOPES: readonly string[] = ['global', 'local', 'others'];

export async function logout(ctx: EmulatorContext, c: Context): Promise<void> {
  const scope = c.req.query('scope') ?? 'global';
  if (!SCOPES.includes(scope)) {
    throw validationFailed(`Unsupported logout scope "${scope.slice(0, 40)}"`);
  }
  const { user, session } = await requireUser(ctx, c);
  if (!session && scope !== 'global') return;
  await ctx.engine.transaction((tx) => endSessions(tx, user.id, session?.id ?? '', scope as LogoutScope));
}

export async function recover(
  ctx: EmulatorContext,
  c: Context,
  limits: AuthLimits,
): Promise<Record<string, unknown>> {
  const body = await readBody(c);
  const rawEmail = optionalString(body, 'email', 320);
  if (!rawEmail) throw validationFailed('Password recovery requires an email');
  const email = normaliseEmail(rawEmail);
  const pkce = readPkce(body);
  const redirectTo = safeRedirect(
    ctx.config,
    c.req.query('redirect_to') ?? optionalString(body, 'redirect_to'),
  );
  const links = await ctx.engine.transaction(async (tx) => {
    const user = await findUserByEmail(tx, email);
    // Unknown addresses get the same empty answer: the endpoint must not reveal who has an account.
    if (!user) return [];
    return [await prepareLink(tx, ctx, 'recovery', { userId: user.id, to: email, redirectTo, pkce, limits })];
  });
  await deliver(ctx, links);
  return {};
}

export async function resend(
  ctx: EmulatorContext,
  c: Context,
  limits: AuthLimits,
): Promise<Record<string, unknown>> {
  const body = await readBody(c);
  const type = optionalString(body, 'type', 32);
  if (type === 'sms' || type === 'phone_change') {
    throw new AuthError(400, 'phone_provider_disabled', 'Phone logins are disabled');
  }
  if (type !== 'signup' && type !== 'email_change') {
    throw validationFailed('Missing one of these types: signup, email_change, sms, phone_change');
  }
  const rawEmail = optionalString(body, 'email', 320);
  if (!rawEmail) throw validationFailed('Missing email address');
  const email = normaliseEmail(rawEmail);
  const pkce = readPkce(body);
  const redirectTo = safeRedirect(
    ctx.config,
    c.req.query('redirect_to') ?? optionalString(body, 'redirect_to'),
  );
  const links = await ctx.engine.transaction(async (tx) => {
    const user = await findUserByEmail(tx, email);
    if (!user) return [];
    if (type === 'signup') {
      if (user.email_confirmed_at) return [];
      return [await prepareLink(tx, ctx, 'signup', { userId: user.id, to: email, redirectTo, pkce, limits })];
    }
    if (!user.email_change) return [];
    return [
      await prepareLink(tx, ctx, 'email_change_new', {
        userId: user.id,
        to: user.email_change,
        redirectTo,
        pkce,
        limits,
      }),
    ];
  });
  await deliver(ctx, links);
  return {};
}
