/**
 * The admin API used by tests and seeding (service_role key as Bearer): create, list, read, update
 * and delete users, and `generate_link` (the link and code without sending a mail), as hosted has.
 */
import type { Context } from 'hono';
import type { EmulatorContext } from '../context';
import { notFound, unprocessable, validationFailed } from './errors';
import { deliver, prepareLink, type LinkKind } from './email-links';
import { isUuid, requireAdmin } from './guard';
import type { AuthLimits } from './rate-limit';
import { normaliseEmail, optionalObject, optionalString, readBody, safeRedirect } from './request';
import {
  checkPasswordStrength,
  findUserByEmail,
  findUserById,
  hashPassword,
  insertUser,
  userJson,
  type UserRow,
} from './users';

async function loadUser(ctx: EmulatorContext, id: string): Promise<UserRow> {
  const user = isUuid(id) ? await findUserById(ctx.engine, id) : null;
  if (!user) throw notFound('user_not_found', 'User not found');
  return user;
}

export async function createUser(ctx: EmulatorContext, c: Context): Promise<Record<string, unknown>> {
  await requireAdmin(ctx, c);
  const body = await readBody(c);
  const rawEmail = optionalString(body, 'email', 320);
  if (!rawEmail) throw validationFailed('Unable to validate email address: invalid format');
  const email = normaliseEmail(rawEmail);
  const password = optionalString(body, 'password', 1024);
  if (password !== undefined) checkPasswordStrength(ctx.config, password);
  const passwordHash = password ? await hashPassword(password) : null;
  const userMetadata = optionalObject(body, 'user_metadata') ?? optionalObject(body, 'data') ?? {};
  const appMetadata = optionalObject(body, 'app_metadata') ?? {};
  return ctx.engine.transaction(async (tx) => {
    if (await findUserByEmail(tx, email)) {
      throw unprocessable('email_exists', 'A user with this email address has already been registered');
    }
    const user = await insertUser(tx, {
      email,
      passwordHash,
      userMetadata,
      appMetadata,
      provider: 'email',
      emailConfirmed: body.email_confirm === true,
    });
    return userJson(tx, user);
  });
}

export async function listUsers(ctx: EmulatorContext, c: Context): Promise<Record<string, unknown>> {
  await requireAdmin(ctx, c);
  const page = Math.max(1, Number.parseInt(c.req.query('page') ?? '1', 10) || 1);
  const perPage = Math.min(1000, Math.max(1, Number.parseInt(c.req.query('per_page') ?? '50', 10) || 50));
  const { rows } = await ctx.engine.query<{ id: string }>(
    `select id from auth.users where deleted_at is null order by created_at, id limit $1 offset $2`,
    [perPage, (page - 1) * perPage],
  );
  const users = [];
  for (const row of rows) {
    const user = await findUserById(ctx.engine, row.id);
    if (user) users.push(await userJson(ctx.engine, user));
  }
  return { users, aud: 'authenticated' };
}

export async function getUserById(ctx: EmulatorContext, c: Context): Promise<Record<string, unknown>> {
  await requireAdmin(ctx, c);
  return userJson(ctx.engine, await loadUser(ctx, c.req.param('id') ?? ''));
}

export async function updateUserById(ctx: EmulatorContext, c: Context): Promise<Record<string, unknown>> {
  await requireAdmin(ctx, c);
  const user = await loadUser(ctx, c.req.param('id') ?? '');
  const body = await readBody(c);
  const password = optionalString(body, 'password', 1024);
  if (password !== undefined) checkPasswordStrength(ctx.config, password);
  const passwordHash = password ? await hashPassword(password) : null;
  const rawEmail = optionalString(body, 'email', 320);
  const email = rawEmail ? normaliseEmail(rawEmail) : null;
  const userMetadata = optionalObject(body, 'user_metadata');
  const appMetadata = optionalObject(body, 'app_metadata');
  const banDuration = optionalString(body, 'ban_duration', 32);
  await ctx.engine.transaction(async (tx) => {
    await tx.query(
      `update auth.users set
         encrypted_password = coalesce($2, encrypted_password),
         email = coalesce($3, email),
         email_confirmed_at = case when $4::boolean then coalesce(email_confirmed_at, now()) else email_confirmed_at end,
         raw_user_meta_data = coalesce(raw_user_meta_data, '{}'::jsonb) || coalesce($5::jsonb, '{}'::jsonb),
         raw_app_meta_data = coalesce(raw_app_meta_data, '{}'::jsonb) || coalesce($6::jsonb, '{}'::jsonb),
         banned_until = case when $7::text is null then banned_until
                             when $7 = 'none' then null
                             else now() + $7::interval end,
         updated_at = now()
       where id = $1`,
      [
        user.id,
        passwordHash,
        email,
        body.email_confirm === true,
        userMetadata ? JSON.stringify(userMetadata) : null,
        appMetadata ? JSON.stringify(appMetadata) : null,
        banDuration ? parseBan(banDuration) : null,
      ],
    );
  });
  return userJson(ctx.engine, await loadUser(ctx, user.id));
}

/** Go durations like "24h" or "30m" (GoTrue's ban_duration) as an SQL interval. */
function parseBan(value: string): string {
  if (value === 'none') return 'none';
  const match = /^(\d{1,6})(h|m|s)$/.exec(value);
  if (!match) throw validationFailed('invalid format for ban duration');
  const unit = { h: 'hours', m: 'minutes', s: 'seconds' }[match[2] as 'h' | 'm' | 's'];
  return `${match[1]} ${unit}`;
}

export async function deleteUser(ctx: EmulatorContext, c: Context): Promise<Record<string, unknown>> {
  await requireAdmin(ctx, c);
  const user = await loadUser(ctx, c.req.param('id') ?? '');
  await ctx.engine.query(`delete from auth.users where id = $1`, [user.id]);
  return {};
}

const LINK_TYPES: Record<string, LinkKind> = {
  signup: 'signup',
  invite: 'invite',
  magiclink: 'magiclink',
  recovery: 'recovery',
  email_change_current: 'email_change_current',
  email_change_new: 'email_change_new',
};

export async function generateLink(ctx: EmulatorContext, c: Context): Promise<Record<string, unknown>> {
  await requireAdmin(ctx, c);
  const body = await readBody(c);
  const type = optionalString(body, 'type', 32) ?? '';
  const kind = LINK_TYPES[type];
  if (!kind) throw validationFailed('Invalid link type');
  const rawEmail = optionalString(body, 'email', 320);
  if (!rawEmail) throw validationFailed('Unable to validate email address: invalid format');
  const email = normaliseEmail(rawEmail);
  const password = optionalString(body, 'password', 1024);
  const data = optionalObject(body, 'data') ?? {};
  const newEmailRaw = optionalString(body, 'new_email', 320);
  const redirectTo = safeRedirect(
    ctx.config,
    optionalString(body, 'redirect_to') ?? c.req.query('redirect_to'),
  );
  const passwordHash = password ? await hashPassword(password) : null;
  return ctx.engine.transaction(async (tx) => {
    let user = await findUserByEmail(tx, email);
    if (!user) {
      if (kind !== 'signup' && kind !== 'invite' && kind !== 'magiclink') {
        throw notFound('user_not_found', 'User with this email not found');
      }
      user = await insertUser(tx, {
        email,
        passwordHash,
        userMetadata: data,
        provider: 'email',
        emailConfirmed: false,
      });
    } else if (kind === 'signup' && user.email_confirmed_at) {
      throw unprocessable('email_exists', 'A user with this email address has already been registered');
    }
    let to = email;
    if (kind === 'email_change_current' || kind === 'email_change_new') {
      if (!newEmailRaw) throw validationFailed('The new email address must be provided');
      const newEmail = normaliseEmail(newEmailRaw);
      await tx.query(`update auth.users set email_change = $2 where id = $1`, [user.id, newEmail]);
      if (kind === 'email_change_new') to = newEmail;
    }
    const mailKind: LinkKind = kind === 'magiclink' && !user.email_confirmed_at ? 'signup' : kind;
    const link = await prepareLink(tx, ctx, mailKind, { userId: user.id, to, redirectTo });
    const fresh = (await findUserById(tx, user.id)) ?? user;
    return {
      ...(await userJson(tx, fresh)),
      action_link: link.link,
      email_otp: link.otp,
      hashed_token: link.tokenHash,
      verification_type: link.verifyType,
      redirect_to: link.redirectTo,
    };
  });
}

/** `POST /invite` (admin.inviteUserByEmail): a new user and an invitation mail. */
export async function invite(
  ctx: EmulatorContext,
  c: Context,
  limits: AuthLimits,
): Promise<Record<string, unknown>> {
  await requireAdmin(ctx, c);
  const body = await readBody(c);
  const rawEmail = optionalString(body, 'email', 320);
  if (!rawEmail) throw validationFailed('Unable to validate email address: invalid format');
  const email = normaliseEmail(rawEmail);
  const data = optionalObject(body, 'data') ?? {};
  const redirectTo = safeRedirect(
    ctx.config,
    c.req.query('redirect_to') ?? optionalString(body, 'redirect_to'),
  );
  const outcome = await ctx.engine.transaction(async (tx) => {
    const existing = await findUserByEmail(tx, email);
    if (existing?.email_confirmed_at) {
      throw unprocessable('email_exists', 'A user with this email address has already been registered');
    }
    const user =
      existing ??
      (await insertUser(tx, {
        email,
        passwordHash: null,
        userMetadata: data,
        provider: 'email',
        emailConfirmed: false,
      }));
    const link = await prepareLink(tx, ctx, 'invite', { userId: user.id, to: email, redirectTo, limits });
    const fresh = (await findUserById(tx, user.id)) ?? user;
    return { user: await userJson(tx, fresh), link };
  });
  await deliver(ctx, [outcome.link]);
  return outcome.user;
}
