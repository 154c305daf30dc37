/**
 * Reading auth requests defensively: JSON bodies (or forms) of bounded size, typed fields, the client
 * address for rate limits, and redirect targets checked against the allow-list.
 */
import type { Context } from 'hono';
import { getConnInfo } from '@hono/node-server/conninfo';
import type { ResolvedConfig } from '../config';
import { AuthError, badRequest, validationFailed } from './errors';
import { readCappedText } from '../http/capped-text';

export type Body = Record<string, unknown>;

/** GoTrue has no documented limit; 1 MiB is far above any legitimate auth payload. */
export const MAX_BODY_BYTES = 1024 * 1024;

export async function readBody(c: Context): Promise<Body> {
  const declared = Number(c.req.header('content-length') ?? '0');
  if (declared > MAX_BODY_BYTES) throw tooLarge();
  const raw = await readCappedText(c.req.raw, MAX_BODY_BYTES);
  if (raw === null) throw tooLarge();
  if (raw.trim() === '') return {};
  const type = c.req.header('content-type') ?? '';
  if (raw.includes('\u0000') || raw.includes('\\u0000')) throw nullCharacter();
  if (type.includes('application/x-www-form-urlencoded')) {
    const form = Object.fromEntries(new URLSearchParams(raw));
    if (Object.values(form).some((value) => value.includes('\u0000'))) throw nullCharacter();
    return form;
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch (error) {
    throw badRequest(
      'bad_json',
      `Could not parse request body as JSON: ${(error as Error).message.slice(0, 120)}`,
    );
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) {
    throw badRequest('bad_json', 'Could not parse request body as JSON: expected an object');
  }
  return parsed as Body;
}

/** Query parameters that reach SQL get the same NUL check as bodies. */
export function queryFields(c: Context): Body {
  const fields = c.req.query();
  if (Object.values(fields).some((value) => value.includes('\u0000'))) throw nullCharacter();
  return { ...fields };
}

/** Postgres text and jsonb cannot hold NUL; refuse it up front instead of failing in SQL. */
function nullCharacter(): AuthError {
  return validationFailed('Null characters are not allowed in the request');
}

function tooLarge(): AuthError {
  return new AuthError(413, 'request_too_large', 'Request body is too large');
}

/** A string field, or undefined when absent or null; anything else is a validation error. */
export function optionalString(body: Body, key: string, maxLength = 4096): string | undefined {
  const value = body[key];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string') throw validationFailed(`${key} must be a string`);
  if (value.length > maxLength) throw validationFailed(`${key} is too long`);
  return value;
}

export function optionalObject(body: Body, key: string): Record<string, unknown> | undefined {
  const value = body[key];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'object' || Array.isArray(value)) {
    throw validationFailed(`${key} must be a JSON object`);
  }
  if (JSON.stringify(value).length > 64 * 1024) throw validationFailed(`${key} is too large`);
  return value as Record<string, unknown>;
}

export function clientIp(c: Context): string {
  try {
    return getConnInfo(c).remote.address ?? 'unknown';
  } catch {
    return 'unknown';
  }
}

/**
 * GoTrue's redirect rule: a redirect must match the site URL or one of the additional redirect URLs
 * (here by origin + path prefix); anything else falls back to the site URL.
 */
export function safeRedirect(config: ResolvedConfig, requested: string | undefined | null): string {
  if (!requested) return config.siteUrl;
  let target: URL;
  try {
    target = new URL(requested);
  } catch {
    return config.siteUrl;
  }
  if (target.protocol !== 'http:' && target.protocol !== 'https:') return config.siteUrl;
  for (const allowed of [config.siteUrl, ...config.additionalRedirectUrls]) {
    let base: URL;
    try {
      base = new URL(allowed);
    } catch {
      continue;
    }
    const basePath = base.pathname.endsWith('/') ? base.pathname : `${base.pathname}/`;
    const path = target.pathname.endsWith('/') ? target.pathname : `${target.pathname}/`;
    if (target.origin === base.origin && path.startsWith(basePath)) return target.toString();
  }
  return config.siteUrl;
}

const EMAIL_PATTERN =
  /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)+$/;

/** Lower-cased e-mail, or a 400 as GoTrue gives for an unparsable address. */
export function normaliseEmail(raw: string): string {
  const email = raw.trim().toLowerCase();
  if (email.length > 255 || !EMAIL_PATTERN.test(email)) {
    throw validationFailed('Unable to validate email address: invalid format');
  }
  return email;
}

/** E.164 as GoTrue stores it: digits only, without the plus. */
export function normalisePhone(raw: string): string {
  const digits = raw.replace(/[\s()-]/g, '').replace(/^\+/, '');
  if (!/^[1-9]\d{7,14}$/.test(digits)) {
    throw validationFailed('Invalid phone number format (E.164 required)');
  }
  return digits;
}
