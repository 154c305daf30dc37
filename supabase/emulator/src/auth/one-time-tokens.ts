/**
 * E-mail link tokens and 6-digit codes (auth.one_time_tokens). As in GoTrue, a link carries
 * `token_hash = sha256(address + code)`, so the link and the code prove the same thing; unlike GoTrue
 * the table keeps only sha256(token_hash), so a leaked row is not a working link. One live token per
 * user and kind: issuing a new one invalidates the previous. Tokens are single-use and expire after
 * `otpExpiry` seconds.
 */
import { createHash, randomInt } from 'node:crypto';
import type { Queryable } from '../db/engine';
import { otpExpired } from './errors';

export type TokenType =
  'confirmation_token' | 'recovery_token' | 'email_change_token_new' | 'email_change_token_current';

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

export function tokenHashFor(address: string, otp: string): string {
  return sha256(`${address.toLowerCase()}${otp}`);
}

export function newOtp(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0');
}

export interface IssuedToken {
  otp: string;
  tokenHash: string;
}

export async function issueToken(
  tx: Queryable,
  userId: string,
  type: TokenType,
  relatesTo: string,
): Promise<IssuedToken> {
  const otp = newOtp();
  const tokenHash = tokenHashFor(relatesTo, otp);
  await tx.query(`delete from auth.one_time_tokens where user_id = $1 and token_type = $2`, [userId, type]);
  await tx.query(
    `insert into auth.one_time_tokens (id, user_id, token_type, token_hash, relates_to, created_at,
       updated_at)
     values (gen_random_uuid(), $1, $2, $3, $4, now() at time zone 'utc', now() at time zone 'utc')`,
    [userId, type, sha256(tokenHash), relatesTo.toLowerCase()],
  );
  return { otp, tokenHash };
}

export interface ConsumedToken {
  user_id: string;
  token_type: TokenType;
  relates_to: string;
}

/**
 * Finds and deletes the token whose link hash is `tokenHash` among `types`; an unknown, used or
 * expired token is a 403 otp_expired, as GoTrue answers.
 */
export async function consumeToken(
  tx: Queryable,
  tokenHash: string,
  types: readonly TokenType[],
  otpExpirySeconds: number,
  relatesTo?: string,
): Promise<ConsumedToken> {
  if (!/^[0-9a-f]{64}$/.test(tokenHash)) throw otpExpired();
  const { rows } = await tx.query<ConsumedToken & { id: string; expired: boolean }>(
    `delete from auth.one_time_tokens
      where token_hash = $1 and token_type::text = any($2::text[])
        and ($4::text is null or relates_to = lower($4))
      returning id, user_id, token_type::text as token_type, relates_to,
        created_at < (now() at time zone 'utc') - make_interval(secs => $3) as expired`,
    [sha256(tokenHash), [...types], otpExpirySeconds, relatesTo ?? null],
  );
  const row = rows[0];
  if (!row || row.expired) throw otpExpired();
  return { user_id: row.user_id, token_type: row.token_type, relates_to: row.relates_to };
}

export async function hasToken(tx: Queryable, userId: string, type: TokenType): Promise<boolean> {
  const { rows } = await tx.query(
    `select 1 from auth.one_time_tokens where user_id = $1 and token_type = $2`,
    [userId, type],
  );
  return rows.length > 0;
}
