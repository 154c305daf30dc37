/**
 * PostgREST's error shape `{code, details, hint, message}` and its HTTP status mapping
 * (PostgREST/postgrest: docs/references/errors.rst). Every failure the REST service reports goes
 * through here, so a bad request never turns into a 500 or leaks a stack trace, a query or its parameters.
 */
import type { ApiRole } from '../db/request-context';

export interface ErrorBody {
  code: string;
  details: unknown;
  hint: string | null;
  message: string;
}

export class RestError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details: unknown = null,
    readonly hint: string | null = null,
  ) {
    super(message);
  }

  body(): ErrorBody {
    return { code: this.code, details: this.details, hint: this.hint, message: this.message };
  }
}

/** PGRST100: the query string could not be parsed. */
export function parseError(details: string, message = 'Failed to parse request'): RestError {
  return new RestError(400, 'PGRST100', message, details);
}

export function tableNotFound(name: string): RestError {
  return new RestError(
    404,
    'PGRST205',
    `Could not find the table 'public.${name}' in the schema cache`,
    null,
    null,
  );
}

export function columnNotFound(table: string, column: string): RestError {
  return new RestError(400, '42703', `column ${table}.${column} does not exist`);
}

export function payloadColumnNotFound(table: string, column: string): RestError {
  return new RestError(
    400,
    'PGRST204',
    `Could not find the '${column}' column of '${table}' in the schema cache`,
  );
}

interface PgLikeError {
  code?: unknown;
  message?: unknown;
  detail?: unknown;
  hint?: unknown;
  severity?: unknown;
}

function isPgError(error: unknown): error is PgLikeError & { code: string } {
  if (typeof error !== 'object' || error === null) return false;
  const code = (error as PgLikeError).code;
  return typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code);
}

/**
 * `raise sqlstate 'PGRST' using message = '<json>', detail = '<json>'`: a function's own HTTP answer, as
 * PostgREST 11+ gives it. The message is the body (`code`, `message`, `details`, `hint`), the detail
 * `{"status": 429, "headers": {"Retry-After": "30"}}`. JSON that does not parse answers 500 PGRST121.
 */
function customError(error: PgLikeError, log: (line: string) => void): ErrorResponse {
  const parse = (value: unknown): Record<string, unknown> | null => {
    if (typeof value !== 'string') return null;
    try {
      const parsed: unknown = JSON.parse(value);
      return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)
        ? (parsed as Record<string, unknown>)
        : null;
    } catch {
      return null;
    }
  };
  const body = parse(error.message);
  const detail = parse(error.detail);
  const status = detail?.status;
  if (body === null || detail === null || typeof status !== 'number' || status < 100 || status > 599) {
    log(`rest: a RAISE SQLSTATE 'PGRST' whose message or detail is not the JSON PostgREST reads`);
    return {
      status: 500,
      headers: {},
      body: {
        code: 'PGRST121',
        details: null,
        hint: null,
        message: "Could not parse JSON in the RAISE SQLSTATE 'PGRST' error",
      },
    };
  }
  const headers: Record<string, string> = {};
  if (typeof detail.headers === 'object' && detail.headers !== null) {
    for (const [name, value] of Object.entries(detail.headers as Record<string, unknown>)) {
      if (typeof value === 'string' || typeof value === 'number') headers[name] = String(value);
    }
  }
  const text = (value: unknown) => (typeof value === 'string' ? value : null);
  return {
    status,
    headers,
    body: {
      code: text(body.code) ?? '',
      details: body.details ?? null,
      hint: text(body.hint),
      message: text(body.message) ?? '',
    },
  };
}

/** The HTTP status PostgREST answers for a Postgres SQLSTATE. */
export function statusForSqlState(code: string, role: ApiRole): number {
  // `raise sqlstate 'PT429'`: the function picks the status itself.
  if (/^PT[1-5]\d\d$/.test(code)) return Number(code.slice(2));
  if (code === '23505' || code === '23503') return 409;
  if (code === '42501') return role === 'anon' ? 401 : 403;
  if (code === '42883' || code === '42P01') return 404;
  if (code === 'P0001') return 400;
  if (code === '25006') return 405;
  if (code === '42P17') return 500;
  const cls = code.slice(0, 2);
  if (cls === '08' || cls === '53') return 503;
  if (cls === '0L' || cls === '0P' || cls === '28') return 403;
  if (['25', '2D', '38', '39', '3B', '40', 'XX'].includes(cls)) return 500;
  if (['54', '55', '56', '57', '58'].includes(cls)) return 500;
  if (cls === 'P0') return 500;
  return 400;
}

export interface ErrorResponse {
  status: number;
  body: ErrorBody;
  headers: Record<string, string>;
}

/**
 * Turns anything thrown while serving a request into PostgREST's answer. Postgres errors keep their
 * SQLSTATE, message, detail and hint; anything else is an internal error with a generic message.
 */
export function toErrorResponse(error: unknown, role: ApiRole, log: (line: string) => void): ErrorResponse {
  if (error instanceof RestError) {
    return { status: error.status, body: error.body(), headers: {} };
  }
  if (isPgError(error) && error.code === 'PGRST') return customError(error, log);
  if (isPgError(error)) {
    const status = statusForSqlState(error.code, role);
    const headers: Record<string, string> = {};
    if (status === 401) headers['WWW-Authenticate'] = 'Bearer';
    if (status >= 500) log(`rest: database error ${error.code}: ${String(error.message)}`);
    return {
      status,
      headers,
      body: {
        code: error.code,
        details: typeof error.detail === 'string' && error.detail !== '' ? error.detail : null,
        hint: typeof error.hint === 'string' && error.hint !== '' ? error.hint : null,
        message: typeof error.message === 'string' ? error.message : 'database error',
      },
    };
  }
  log(`rest: internal error: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
  return {
    status: 500,
    headers: {},
    body: { code: 'PGRST000', details: null, hint: null, message: 'Internal server error' },
  };
}
