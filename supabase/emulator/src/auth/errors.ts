/**
 * GoTrue's error shape. With `X-Supabase-Api-Version: 2024-01-01` GoTrue answers `{ code, message }`;
 * older clients read `error_code` and `msg`, so both spellings go into every body
 * (supabase/auth: internal/api/errors.go; auth-js: src/lib/fetch.ts).
 */
import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';

export const API_VERSION_HEADER = 'X-Supabase-Api-Version';
export const API_VERSION = '2024-01-01';

export class AuthError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    readonly code: string,
    message: string,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
  }
}

export const badRequest = (code: string, message: string) => new AuthError(400, code, message);
export const validationFailed = (message: string) => new AuthError(400, 'validation_failed', message);
export const unauthorized = (code: string, message: string) => new AuthError(401, code, message);
export const forbidden = (code: string, message: string) => new AuthError(403, code, message);
export const notFound = (code: string, message: string) => new AuthError(404, code, message);
export const unprocessable = (code: string, message: string) => new AuthError(422, code, message);
export const tooManyRequests = (code: string, message: string) => new AuthError(429, code, message);

export function errorBody(error: AuthError): Record<string, unknown> {
  return {
    code: error.code,
    error_code: error.code,
    message: error.message,
    msg: error.message,
    ...error.extra,
  };
}

export function sendAuthError(c: Context, error: AuthError): Response {
  c.header(API_VERSION_HEADER, API_VERSION);
  return c.json(errorBody(error), error.status);
}

export const invalidCredentials = () => badRequest('invalid_credentials', 'Invalid login credentials');
export const otpExpired = () => forbidden('otp_expired', 'Token has expired or is invalid');

export function weakPassword(message: string, reasons: string[]): AuthError {
  return new AuthError(422, 'weak_password', message, { weak_password: { reasons } });
}

export function emailRateLimited(secondsLeft?: number): AuthError {
  return tooManyRequests(
    'over_email_send_rate_limit',
    secondsLeft === undefined
      ? 'email rate limit exceeded'
      : `For security purposes, you can only request this after ${secondsLeft} seconds.`,
  );
}
