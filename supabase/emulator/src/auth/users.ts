/**
 * auth.users rows and the user JSON GoTrue returns (supabase/auth: internal/models/user.go). All SQL
 * runs as the database superuser, outside RLS, as GoTrue does.
 */
import { randomUUID } from 'node:crypto';
import bcrypt from 'bcryptjs';
import type { ResolvedConfig } from '../config';
import type { Queryable } from '../db/engine';
import { AuthError, validationFailed, weakPassword } from './errors';

/** bcrypt reads only the first 72 bytes, so GoTrue refuses longer passwords outright. */
export const MAX_PASSWORD_BYTES = 72;

/** The character sets `password_requirements` names (GoTrue's config, each set needs one character). */
const LOWER = 'abcdefghijklmnopqrstuvwxyz';
const UPPER = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const DIGITS = '0123456789';
const SYMBOLS = '!@#$%^&*()_+-=[]{};\'\\:"|<>?,./`~';
const REQUIRED_SETS: Record<string, string[]> = {
  letters_digits: [LOWER + UPPER, DIGITS],
  lower_upper_letters_digits: [LOWER, UPPER, DIGITS],
  lower_upper_letters_digits_symbols: [LOWER, UPPER, DIGITS, SYMBOLS],
};

/** bcrypt cost: GoTrue uses the library default (10). */
const BCRYPT_COST = 10;

export interface UserRow {
  id: string;
  aud: string | null;
  role: string | null;
  email: string | null;
  encrypted_password: string | null;
  email_confirmed_at: string | null;
  invited_at: string | null;
  confirmation_sent_at: string | null;
  recovery_sent_at: string | null;
  email_change: string | null;
  email_change_sent_at: string | null;
  last_sign_in_at: string | null;
  raw_app_meta_data: Record<string, unknown> | null;
  raw_user_meta_data: Record<string, unknown> | null;
  created_at: string | null;
  updated_at: string | null;
  phone: string | null;
  phone_confirmed_at: string | null;
  confirmed_at: string | null;
  banned_until: string | null;
  deleted_at: string | null;
  is_anonymous: boolean;
}

// Timestamps are formatted in SQL so both engines give the same ISO strings.
const iso = (column: string) =>
  `to_char(${column} at time zone 'utc', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as ${column}`;

export const USER_COLUMNS = [
  'id',
  'aud',
  'role',
  'email',
  'encrypted_password',
  iso('email_confirmed_at'),
  iso('invited_at'),
  iso('confirmation_sent_at'),
  iso('recovery_sent_at'),
  'email_change',
  iso('email_change_sent_at'),
  iso('last_sign_in_at'),
  'raw_app_meta_data',
  'raw_user_meta_data',
  iso('created_at'),
  iso('updated_at'),
  'phone',
  iso('phone_confirmed_at'),
  iso('confirmed_at'),
  iso('banned_until'),
  iso('deleted_at'),
  'is_anonymous',
].join(', ');

export async function findUserById(q: Queryable, id: string): Promise<UserRow | null> {
  const { rows } = await q.query<UserRow>(
    `select ${USER_COLUMNS} from auth.users where id = $1 and deleted_at is null`,
    [id],
  );
  return rows[0] ?? null;
}

export async function findUserByEmail(q: Queryable, email: string): Promise<UserRow | null> {
  const { rows } = await q.query<UserRow>(
    `select ${USER_COLUMNS} from auth.users
      where lower(email) = lower($1) and is_sso_user = false and deleted_at is null
      order by created_at limit 1`,
    [email],
  );
  return rows[0] ?? null;
}

export function isBanned(user: UserRow): boolean {
  return user.banned_until !== null && new Date(user.banned_until).getTime() > Date.now();
}

/**
 * GoTrue's checkPasswordStrength: over 72 bytes is a 400 validation_failed; too short (in UTF-8 bytes,
 * as Go's len counts) or missing a required character set is a 422 weak_password with the reasons.
 */
export function checkPasswordStrength(
  config: Pick<ResolvedConfig, 'minimumPasswordLength' | 'passwordRequirements'>,
  password: string,
): void {
  const bytes = Buffer.byteLength(password, 'utf8');
  if (bytes > MAX_PASSWORD_BYTES) {
    throw validationFailed(`Password cannot be longer than ${MAX_PASSWORD_BYTES} characters`);
  }
  const messages: string[] = [];
  const reasons: string[] = [];
  if (bytes < config.minimumPasswordLength) {
    reasons.push('length');
    messages.push(`Password should be at least ${config.minimumPasswordLength} characters.`);
  }
  const sets = REQUIRED_SETS[config.passwordRequirements] ?? [];
  if (sets.some((set) => ![...set].some((ch) => password.includes(ch)))) {
    reasons.push('characters');
    messages.push(`Password should contain at least one character of each: ${sets.join(', ')}.`);
  }
  if (reasons.length > 0) throw weakPassword(messages.join(' '), reasons);
}

export function hashPassword(password: string): Promise<string> {
  return bcrypt.hash(password, BCRYPT_COST);
}

/**
 * Always spends a bcrypt comparison, so unknown e-mails and wrong passwords take the same time. A fixed
 * hash of a throwaway password at BCRYPT_COST: hashing it at import cost every start 100-300 ms of CPU.
 */
const DUMMY_HASH = '$2b$10$pts8t1rI5ONRe7DoGm.ZQu1yaW2fmpl3UJB3PksN5nxwhIRk8xy7.';
export async function passwordMatches(user: UserRow | null, password: string): Promise<boolean> {
  const hash = user?.encrypted_password || DUMMY_HASH;
  const ok = await bcrypt.compare(password, hash);
  return ok && Boolean(user?.encrypted_password);
}

export interface NewUserInput {
  email: string;
  passwordHash: string | null;
  userMetadata: Record<string, unknown>;
  appMetadata?: Record<string, unknown>;
  provider: string;
  emailConfirmed: boolean;
  phone?: string | null;
  phoneConfirmed?: boolean;
  /** identity_data and provider_id for a non-email provider. */
  identity?: { providerId: string; data: Record<string, unknown> };
}

export async function insertUser(tx: Queryable, input: NewUserInput): Promise<UserRow> {
  const id = randomUUID();
  const appMetadata = { provider: input.provider, providers: [input.provider], ...input.appMetadata };
  try {
    await insertUserRow(tx, id, input, appMetadata);
  } catch (error) {
    // Triggers on auth.users (the product's profile trigger) fail inside GoTrue's insert like this.
    const failure = new AuthError(500, 'unexpected_failure', 'Database error saving new user');
    failure.cause = error;
    throw failure;
  }
  const identity = input.identity ?? {
    providerId: id,
    data: { sub: id, email: input.email, email_verified: false, phone_verified: false },
  };
  await insertIdentity(tx, id, input.provider, identity.providerId, identity.data);
  const user = await findUserById(tx, id);
  if (!user) throw new Error('inserted user not found');
  return user;
}

async function insertUserRow(
  tx: Queryable,
  id: string,
  input: NewUserInput,
  appMetadata: Record<string, unknown>,
): Promise<void> {
  await tx.query(
    `insert into auth.users (instance_id, id, aud, role, email, encrypted_password, email_confirmed_at,
       raw_app_meta_data, raw_user_meta_data, created_at, updated_at, phone, phone_confirmed_at,
       is_sso_user, is_anonymous)
     values ('00000000-0000-0000-0000-000000000000', $1, 'authenticated', 'authenticated', $2, $3,
       case when $4::boolean then now() end, $5::jsonb, $6::jsonb, now(), now(), $7,
       case when $8::boolean then now() end, false, false)`,
    [
      id,
      input.email,
      input.passwordHash ?? '',
      input.emailConfirmed,
      JSON.stringify(appMetadata),
      JSON.stringify(input.userMetadata),
      input.phone ?? null,
      input.phoneConfirmed ?? false,
    ],
  );
}

export async function insertIdentity(
  tx: Queryable,
  userId: string,
  provider: string,
  providerId: string,
  data: Record<string, unknown>,
): Promise<void> {
  await tx.query(
    `insert into auth.identities (id, provider_id, user_id, identity_data, provider, last_sign_in_at,
       created_at, updated_at)
     values (gen_random_uuid(), $1, $2, $3::jsonb, $4, now(), now(), now())`,
    [providerId, userId, JSON.stringify(data), provider],
  );
}

interface IdentityRow {
  identity_id: string;
  id: string;
  user_id: string;
  identity_data: Record<string, unknown>;
  provider: string;
  email: string | null;
  last_sign_in_at: string | null;
  created_at: string | null;
  updated_at: string | null;
}

interface FactorRow {
  id: string;
  friendly_name: string | null;
  factor_type: string;
  status: string;
  phone: string | null;
  created_at: string;
  updated_at: string;
  last_challenged_at: string | null;
}

/** The user object GoTrue returns, with identities and factors; empty optionals omitted. */
export async function userJson(q: Queryable, user: UserRow): Promise<Record<string, unknown>> {
  const identities = await q.query<IdentityRow>(
    `select id as identity_id, provider_id as id, user_id, identity_data, provider, email,
       ${iso('last_sign_in_at')}, ${iso('created_at')}, ${iso('updated_at')}
     from auth.identities where user_id = $1 order by created_at, id`,
    [user.id],
  );
  const factors = await q.query<FactorRow>(
    `select id, friendly_name, factor_type::text as factor_type, status::text as status, phone,
       ${iso('created_at')}, ${iso('updated_at')}, ${iso('last_challenged_at')}
     from auth.mfa_factors where user_id = $1 order by created_at, id`,
    [user.id],
  );
  const json: Record<string, unknown> = {
    id: user.id,
    aud: user.aud ?? 'authenticated',
    role: user.role ?? 'authenticated',
    email: user.email ?? '',
    phone: user.phone ?? '',
  };
  const optional: Array<[string, unknown]> = [
    ['email_confirmed_at', user.email_confirmed_at],
    ['phone_confirmed_at', user.phone_confirmed_at],
    ['confirmation_sent_at', user.confirmation_sent_at],
    ['confirmed_at', user.confirmed_at],
    ['recovery_sent_at', user.recovery_sent_at],
    ['invited_at', user.invited_at],
    ['new_email', user.email_change || null],
    ['email_change_sent_at', user.email_change ? user.email_change_sent_at : null],
    ['last_sign_in_at', user.last_sign_in_at],
    ['banned_until', user.banned_until],
  ];
  for (const [key, value] of optional) if (value !== null && value !== undefined) json[key] = value;
  json.app_metadata = user.raw_app_meta_data ?? {};
  json.user_metadata = user.raw_user_meta_data ?? {};
  json.identities = identities.rows.map((row) => {
    const { email, ...rest } = row;
    return email ? { ...rest, email } : rest;
  });
  if (factors.rows.length > 0) {
    json.factors = factors.rows.map((row) => {
      const factor: Record<string, unknown> = {
        id: row.id,
        friendly_name: row.friendly_name ?? '',
        factor_type: row.factor_type,
        status: row.status,
        created_at: row.created_at,
        updated_at: row.updated_at,
      };
      if (row.phone) factor.phone = row.phone;
      if (row.last_challenged_at) factor.last_challenged_at = row.last_challenged_at;
      return factor;
    });
  }
  json.created_at = user.created_at;
  json.updated_at = user.updated_at;
  json.is_anonymous = user.is_anonymous;
  return json;
}

/** What signUp answers for an e-mail that is already registered, so the answer reveals nothing. */
export function obfuscatedUser(email: string, data: Record<string, unknown>): Record<string, unknown> {
  const now = new Date().toISOString();
  return {
    id: randomUUID(),
    aud: 'authenticated',
    role: 'authenticated',
    email,
    phone: '',
    confirmation_sent_at: now,
    app_metadata: { provider: 'email', providers: ['email'] },
    user_metadata: data,
    identities: [],
    created_at: now,
    updated_at: now,
    is_anonymous: false,
  };
}
