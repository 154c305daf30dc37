/**
 * Bucket ids and object names: parsing them out of request paths and refusing anything that could
 * escape the bucket on disk or confuse a client. The accepted characters follow storage-api's
 * `isValidKey` / `isValidBucketName` (letters, digits, `_ / ! - . * ' ( ) space & $ @ = ; : + , ?` and
 * non-ASCII letters); on top of hosted we refuse `.`/`..` segments, empty segments and leading `/`.
 */
import { errors } from './errors';

export const MAX_KEY_LENGTH = 1024;
const MAX_BUCKET_LENGTH = 100;
/** Bytes per path segment most file systems accept. */
const MAX_SEGMENT_BYTES = 255;

const KEY_CHARS = /^[\w/!\-.*'() &$@=;:+,?\u00a0-\ud7ff\ue000-\ufffd\u{10000}-\u{10ffff}]+$/u;
const BUCKET_CHARS = /^[\w!\-.*'() &$@=;:+,?]+$/;

export function validBucketId(raw: string): string {
  if (
    raw.length === 0 ||
    raw.length > MAX_BUCKET_LENGTH ||
    !BUCKET_CHARS.test(raw) ||
    raw === '.' ||
    raw === '..'
  ) {
    throw errors.invalidBucketName();
  }
  return raw;
}

export function validObjectName(raw: string): string {
  if (raw.length === 0 || raw.length > MAX_KEY_LENGTH || !KEY_CHARS.test(raw) || raw.startsWith('/')) {
    throw errors.invalidKey(raw);
  }
  for (const segment of raw.split('/')) {
    if (
      segment === '' ||
      segment === '.' ||
      segment === '..' ||
      Buffer.byteLength(segment, 'utf8') > MAX_SEGMENT_BYTES
    ) {
      throw errors.invalidKey(raw);
    }
  }
  return raw;
}

/** A prefix for list: empty, or a valid name with an optional trailing slash. */
export function validPrefix(raw: string): string {
  if (raw === '' || raw === '/') return '';
  const trimmed = raw.replace(/^\/+/, '');
  validObjectName(trimmed.endsWith('/') ? trimmed.slice(0, -1) : trimmed);
  return trimmed.endsWith('/') ? trimmed : `${trimmed}/`;
}

function decode(raw: string, onError: () => Error): string {
  try {
    return decodeURIComponent(raw);
  } catch {
    throw onError();
  }
}

/**
 * Splits the rest of a request path (after e.g. `/object/public/`) into bucket and object name,
 * percent-decoded and validated.
 */
export function bucketAndName(rest: string): { bucket: string; name: string } {
  const slash = rest.indexOf('/');
  const rawBucket = slash < 0 ? rest : rest.slice(0, slash);
  const bucket = validBucketId(decode(rawBucket, () => errors.invalidBucketName()));
  const rawName = slash < 0 ? '' : rest.slice(slash + 1);
  const name = validObjectName(decode(rawName, () => errors.invalidKey(rawName)));
  return { bucket, name };
}

export function bucketOnly(rest: string): string {
  if (rest.includes('/')) throw errors.invalidBucketName();
  return validBucketId(decode(rest, () => errors.invalidBucketName()));
}

/** The path below `/storage/v1`, from the raw request URL (not decoded). */
export function storagePath(url: string, mount: string): string {
  const { pathname } = new URL(url);
  const at = pathname.indexOf(mount);
  return at < 0 ? pathname : pathname.slice(at + mount.length);
}
