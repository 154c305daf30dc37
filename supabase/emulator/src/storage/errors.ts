/**
 * Storage errors in storage-api's shape. Hosted Storage renders every handled error as
 * `{ statusCode: "<http-ish code>", code, error, message }` with HTTP status 400 (500 only for internal
 * errors): the "real" status (404, 409, 413, 415, 403) travels in the body's `statusCode`, which
 * storage-js surfaces as `StorageApiError.statusCode`.
 */
import type { Context } from 'hono';

export class StorageError extends Error {
  constructor(
    /** storage-api's status in the body, e.g. 404 for a missing object. */
    readonly statusCode: number,
    /** storage-api's ErrorCode, e.g. NoSuchKey. */
    readonly code: string,
    message: string,
    /** storage-api's legacy `error` field when it differs from `code`. */
    readonly legacyError: string = code,
    /** The HTTP status; hosted answers 400 for everything it handled except internal errors. */
    readonly httpStatus: number = statusCode >= 500 ? 500 : 400,
  ) {
    super(message);
  }

  body(): Record<string, string> {
    return {
      statusCode: String(this.statusCode),
      code: this.code,
      error: this.legacyError,
      message: this.message,
    };
  }
}

export const errors = {
  noSuchBucket: () => new StorageError(404, 'NoSuchBucket', 'Bucket not found', 'Bucket not found'),
  noSuchKey: () => new StorageError(404, 'NoSuchKey', 'Object not found', 'not_found'),
  invalidKey: (key: string) => new StorageError(400, 'InvalidKey', `Invalid key: ${printable(key)}`),
  invalidBucketName: () => new StorageError(400, 'InvalidBucketName', 'Bucket name invalid', 'Invalid Input'),
  invalidRequest: (message: string) => new StorageError(400, 'InvalidRequest', message),
  invalidParameter: (name: string, message?: string) =>
    new StorageError(400, 'InvalidParameter', message ?? `Invalid Parameter ${name}`),
  accessDenied: (message = 'new row violates row-level security policy') =>
    new StorageError(403, 'AccessDenied', message, 'Unauthorized'),
  alreadyExists: () =>
    new StorageError(409, 'ResourceAlreadyExists', 'The resource already exists', 'Duplicate'),
  bucketNotEmpty: () =>
    new StorageError(409, 'ResourceNotEmpty', 'The bucket you tried to delete is not empty'),
  entityTooLarge: (entity = 'object') =>
    new StorageError(
      413,
      'EntityTooLarge',
      `The ${entity} exceeded the maximum allowed size`,
      'Payload too large',
    ),
  invalidMimeType: (mimeType: string) =>
    new StorageError(
      415,
      'InvalidMimeType',
      `mime type ${printable(mimeType)} is not supported`,
      'invalid_mime_type',
    ),
  noContent: () => new StorageError(400, 'InvalidRequest', 'No content provided'),
  invalidRange: () => new StorageError(400, 'InvalidRange', 'invalid range provided', 'invalid_range'),
  invalidSignature: (message = 'Invalid signature') => new StorageError(400, 'InvalidSignature', message),
  invalidJwt: (message: string) => new StorageError(400, 'InvalidJWT', message),
  internal: () => new StorageError(500, 'InternalError', 'Internal server error', 'Internal'),
};

/** Echoes user input in messages without control characters or unbounded length. */
function printable(value: string): string {
  // eslint-disable-next-line no-control-regex
  const clean = value.replace(/[\u0000-\u001f\u007f]/g, '?');
  return clean.length > 200 ? `${clean.slice(0, 200)}…` : clean;
}

/** Maps a Postgres error from a storage statement to storage-api's answer (its DBError mapping). */
export function fromDatabaseError(error: unknown): StorageError | null {
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code !== 'string') return null;
  switch (code) {
    case '42501': {
      // storage-api passes a policy's own message on (e.g. a quota's), and words the generic one.
      const message = (error as { message?: unknown }).message;
      return typeof message === 'string' && message !== '' && !message.includes('row-level security')
        ? errors.accessDenied(printable(message))
        : errors.accessDenied();
    }
    case '23505':
      return errors.alreadyExists();
    case '23503':
      return errors.noSuchBucket();
    case '54000':
      return errors.invalidRequest('Invalid input');
    default:
      // Class 22 (data exception): a value Postgres cannot take, e.g. NUL in text or jsonb.
      return code.startsWith('22') ? errors.invalidRequest('Invalid input') : null;
  }
}

export function sendError(c: Context, error: StorageError): Response {
  return c.json(error.body(), error.httpStatus as 400);
}
