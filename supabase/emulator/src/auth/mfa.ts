/**
 * MFA factors (auth.mfa_factors, auth.mfa_challenges): TOTP (SHA1, 6 digits, 30 s, ±1 step) and phone
 * (a 6-digit code by "SMS", delivered to the inbox). Verifying a factor raises the session to aal2 and
 * signs out the user's aal1 sessions, as GoTrue does.
 */
import { createHash, randomUUID } from 'node:crypto';
import type { Context } from 'hono';
import { Secret, TOTP } from 'otpauth';
import QRCode from 'qrcode';
import type { EmulatorContext } from '../context';
import { AuthError, forbidden, notFound, tooManyRequests, unprocessable, validationFailed } from './errors';
import { requireSession, requireUser, isUuid, type Caller } from './guard';
import { smsMessage } from './mail-templates';
import { newOtp } from './one-time-tokens';
import type { AuthLimits } from './rate-limit';
import { clientIp, normalisePhone, optionalString, readBody } from './request';
import { upgradeSession, type SessionResponse } from './sessions';

const CHALLENGE_TTL_SECONDS = 300;
const MAX_FACTORS = 10;
/** GoTrue's MFA_PHONE_MAX_FREQUENCY default. */
const SMS_MIN_INTERVAL_SECONDS = 5;

interface FactorRow {
  id: string;
  user_id: string;
  friendly_name: string | null;
  factor_type: 'totp' | 'phone' | 'webauthn';
  status: 'verified' | 'unverified';
  secret: string | null;
  phone: string | null;
  since_challenge: number | null;
}

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

async function loadFactor(ctx: EmulatorContext, caller: Caller, id: string): Promise<FactorRow> {
  if (!isUuid(id)) throw notFound('mfa_factor_not_found', 'Factor not found');
  const { rows } = await ctx.engine.query<FactorRow>(
    `select id, user_id, friendly_name, factor_type::text as factor_type, status::text as status,
            secret, phone, extract(epoch from now() - last_challenged_at)::float8 as since_challenge
       from auth.mfa_factors where id = $1 and user_id = $2`,
    [id, caller.user.id],
  );
  const factor = rows[0];
  if (!factor) throw notFound('mfa_factor_not_found', 'Factor not found');
  return factor;
}

function siteHost(ctx: EmulatorContext): string {
  try {
    return new URL(ctx.config.siteUrl).host;
  } catch {
    return 'Spotter';
  }
}

export async function enroll(ctx: EmulatorContext, c: Context): Promise<Record<string, unknown>> {
  const caller = await requireUser(ctx, c);
  const session = requireSession(caller);
  const body = await readBody(c);
  const factorType = optionalString(body, 'factor_type', 32);
  const friendlyName = optionalString(body, 'friendly_name', 256) ?? '';
  if (factorType !== 'totp' && factorType !== 'phone') {
    if (factorType === 'webauthn') {
      throw unprocessable('mfa_webauthn_enroll_not_enabled', 'MFA enroll is disabled for WebAuthn');
    }
    throw validationFailed('factor_type needs to be totp, phone, or webauthn');
  }
  const phone = factorType === 'phone' ? readPhone(body) : null;
  const factors = await ctx.engine.query<{
    friendly_name: string | null;
    status: string;
    phone: string | null;
  }>(`select friendly_name, status::text as status, phone from auth.mfa_factors where user_id = $1`, [
    caller.user.id,
  ]);
  if (phone && factors.rows.some((f) => f.phone === phone && f.status === 'verified')) {
    throw unprocessable(
      'mfa_verified_factor_exists',
      'A verified phone factor already exists, unenroll the existing factor to continue',
    );
  }
  if (friendlyName && factors.rows.some((f) => f.friendly_name === friendlyName)) {
    throw unprocessable(
      'mfa_factor_name_conflict',
      `A factor with the friendly name "${friendlyName}" for this user already exists`,
    );
  }
  if (factors.rows.length >= MAX_FACTORS) {
    throw unprocessable(
      'too_many_enrolled_mfa_factors',
      'Maximum number of verified factors reached, unenroll to continue',
    );
  }
  if (factors.rows.some((f) => f.status === 'verified') && session.aal !== 'aal2') {
    throw forbidden('insufficient_aal', 'AAL2 required to enroll a new factor');
  }

  const id = randomUUID();
  if (phone) {
    await ctx.engine.transaction(async (tx) => {
      await tx.query(
        `delete from auth.mfa_factors where user_id = $1 and phone = $2 and status = 'unverified'`,
        [caller.user.id, phone],
      );
      await tx.query(
        `insert into auth.mfa_factors (id, user_id, friendly_name, factor_type, status, created_at,
           updated_at, phone)
         values ($1, $2, $3, 'phone', 'unverified', now(), now(), $4)`,
        [id, caller.user.id, friendlyName, phone],
      );
    });
    return { id, type: 'phone', friendly_name: friendlyName, phone };
  }

  const issuer = optionalString(body, 'issuer', 256) || siteHost(ctx);
  const secret = new Secret({ size: 20 }).base32;
  const totp = new TOTP({
    issuer,
    label: caller.user.email || caller.user.id,
    secret,
    algorithm: 'SHA1',
    digits: 6,
    period: 30,
  });
  const uri = totp.toString();
  const qrCode = await QRCode.toString(uri, { type: 'svg', errorCorrectionLevel: 'H', margin: 1 });
  await ctx.engine.query(
    `insert into auth.mfa_factors (id, user_id, friendly_name, factor_type, status, created_at,
       updated_at, secret)
     values ($1, $2, $3, 'totp', 'unverified', now(), now(), $4)`,
    [id, caller.user.id, friendlyName, secret],
  );
  return { id, type: 'totp', friendly_name: friendlyName, totp: { qr_code: qrCode, secret, uri } };
}

function readPhone(body: Record<string, unknown>): string {
  const raw = optionalString(body, 'phone', 32);
  if (!raw) throw validationFailed('Phone number required to enroll Phone factor');
  return normalisePhone(raw);
}

export async function challenge(ctx: EmulatorContext, c: Context): Promise<Record<string, unknown>> {
  const caller = await requireUser(ctx, c);
  requireSession(caller);
  const factor = await loadFactor(ctx, caller, c.req.param('id') ?? '');
  const body = await readBody(c);
  const ip = clientIp(c);
  const id = randomUUID();
  const expiresAt = Math.floor(Date.now() / 1000) + CHALLENGE_TTL_SECONDS;
  if (factor.factor_type === 'phone') {
    const channel = optionalString(body, 'channel', 16) ?? 'sms';
    if (channel !== 'sms' && channel !== 'whatsapp') {
      throw validationFailed('Invalid channel, must be one of sms or whatsapp');
    }
    if (factor.since_challenge !== null && factor.since_challenge < SMS_MIN_INTERVAL_SECONDS) {
      const left = Math.max(1, Math.ceil(SMS_MIN_INTERVAL_SECONDS - factor.since_challenge));
      throw tooManyRequests(
        'over_sms_send_rate_limit',
        `For security purposes, you can only request this after ${left} seconds.`,
      );
    }
    const otp = newOtp();
    await ctx.engine.transaction(async (tx) => {
      await tx.query(
        `insert into auth.mfa_challenges (id, factor_id, created_at, ip_address, otp_code)
         values ($1, $2, now(), $3, $4)`,
        [id, factor.id, ipOrNull(ip), sha256(otp)],
      );
      await tx.query(`update auth.mfa_factors set last_challenged_at = clock_timestamp() where id = $1`, [
        factor.id,
      ]);
    });
    await ctx.mailbox.send(smsMessage(`+${factor.phone ?? ''}`, otp));
    return { id, type: 'phone', expires_at: expiresAt };
  }
  if (factor.factor_type !== 'totp')
    throw validationFailed('factor_type needs to be totp, phone, or webauthn');
  await ctx.engine.query(
    `insert into auth.mfa_challenges (id, factor_id, created_at, ip_address) values ($1, $2, now(), $3)`,
    [id, factor.id, ipOrNull(ip)],
  );
  return { id, type: 'totp', expires_at: expiresAt };
}

function ipOrNull(ip: string): string | null {
  return /^[0-9a-f.:]+$/i.test(ip) ? ip.replace(/^::ffff:/, '') : null;
}

interface ChallengeRow {
  id: string;
  verified_at: string | null;
  ip_address: string | null;
  otp_code: string | null;
  expired: boolean;
}

export async function verify(ctx: EmulatorContext, c: Context, limits: AuthLimits): Promise<SessionResponse> {
  const caller = await requireUser(ctx, c);
  const session = requireSession(caller);
  const factor = await loadFactor(ctx, caller, c.req.param('id') ?? '');
  const body = await readBody(c);
  const ip = clientIp(c);
  limits.signIn(ip, 'mfa');
  const code = optionalString(body, 'code', 32)?.trim();
  if (!code) throw validationFailed('Code needs to be non-empty');
  const challengeId = optionalString(body, 'challenge_id', 64) ?? '';
  const notFoundChallenge = () =>
    unprocessable('mfa_factor_not_found', 'MFA factor with the provided challenge ID not found');
  if (!isUuid(challengeId)) throw notFoundChallenge();
  const { rows } = await ctx.engine.query<ChallengeRow>(
    `select id, verified_at, host(ip_address) as ip_address, otp_code,
            created_at < now() - make_interval(secs => $3) as expired
       from auth.mfa_challenges where id = $1 and factor_id = $2`,
    [challengeId, factor.id, CHALLENGE_TTL_SECONDS],
  );
  const found = rows[0];
  if (!found) throw notFoundChallenge();
  if (found.verified_at || (found.ip_address ?? null) !== ipOrNull(ip)) {
    throw unprocessable('mfa_ip_address_mismatch', 'Challenge and verify IP addresses mismatch.');
  }
  if (found.expired) {
    await ctx.engine.query(`delete from auth.mfa_challenges where id = $1`, [found.id]);
    throw unprocessable(
      'mfa_challenge_expired',
      `MFA challenge ${found.id} has expired, verify against another challenge or create a new challenge.`,
    );
  }
  const valid =
    factor.factor_type === 'totp'
      ? factor.secret !== null &&
        TOTP.validate({
          token: code,
          secret: Secret.fromBase32(factor.secret),
          algorithm: 'SHA1',
          digits: 6,
          period: 30,
          window: 1,
        }) !== null
      : found.otp_code !== null && found.otp_code === sha256(code);
  if (!valid) {
    throw unprocessable(
      'mfa_verification_failed',
      factor.factor_type === 'totp' ? 'Invalid TOTP code entered' : 'Invalid MFA Phone code entered',
    );
  }
  const method = factor.factor_type === 'totp' ? 'totp' : 'mfa/phone';
  return ctx.engine.transaction(async (tx) => {
    const marked = await tx.query(
      `update auth.mfa_challenges set verified_at = now() where id = $1 and verified_at is null`,
      [found.id],
    );
    if (marked.rowCount === 0) {
      throw unprocessable('mfa_ip_address_mismatch', 'Challenge and verify IP addresses mismatch.');
    }
    await tx.query(`update auth.mfa_factors set status = 'verified', updated_at = now() where id = $1`, [
      factor.id,
    ]);
    const response = await upgradeSession(tx, ctx, session, factor.id, method);
    await tx.query(
      `delete from auth.sessions where user_id = $1 and id <> $2 and (aal is null or aal = 'aal1')`,
      [caller.user.id, session.id],
    );
    await tx.query(
      `delete from auth.mfa_factors where user_id = $1 and factor_type = $2 and status = 'unverified'`,
      [caller.user.id, factor.factor_type],
    );
    return response;
  });
}

export async function unenroll(ctx: EmulatorContext, c: Context): Promise<Record<string, unknown>> {
  const caller = await requireUser(ctx, c);
  const session = requireSession(caller);
  const factor = await loadFactor(ctx, caller, c.req.param('id') ?? '');
  if (factor.status === 'verified' && session.aal !== 'aal2') {
    throw new AuthError(422, 'insufficient_aal', 'AAL2 required to unenroll verified factor');
  }
  const method = factor.factor_type === 'totp' ? 'totp' : 'mfa/phone';
  await ctx.engine.transaction(async (tx) => {
    const downgraded = await tx.query<{ id: string }>(
      `update auth.sessions set aal = 'aal1', factor_id = null, updated_at = now()
        where factor_id = $1 returning id`,
      [factor.id],
    );
    const ids = downgraded.rows.map((row) => row.id);
    if (ids.length > 0) {
      await tx.query(
        `delete from auth.mfa_amr_claims where session_id = any($1::uuid[]) and authentication_method = $2`,
        [ids, method],
      );
    }
    await tx.query(`delete from auth.mfa_factors where id = $1`, [factor.id]);
  });
  return { id: factor.id };
}
