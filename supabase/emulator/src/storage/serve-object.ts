/**
 * Turns a stored object into the HTTP answer hosted Storage gives for a download: its content type,
 * cache control, ETag and Last-Modified from the object's metadata, `If-None-Match` (304), a single
 * byte `Range` (206), and `?download[=name]` as an attachment.
 *
 * User files are inert: `nosniff`, a CSP that sandboxes the response and allows it nothing (an HTML file
 * opened from its URL runs no script and has no origin), and every type but a raster image (see
 * media-type.ts) is an attachment, so text/html or image/svg+xml is never shown inline whoever stored it.
 * A type that does not parse is served as application/octet-stream. `<img>` ignores both headers.
 */
import { errors } from './errors';
import { isInlineType, mediaTypeEssence } from './media-type';
import type { ObjectRow } from './objects-db';

function lastModified(row: ObjectRow): string {
  const value = row.metadata?.lastModified ?? row.updated_at;
  const date = value instanceof Date ? value : new Date(value ?? Date.now());
  return Number.isNaN(date.getTime()) ? new Date().toUTCString() : date.toUTCString();
}

function contentDisposition(download: string, fallbackName: string): string {
  const filename = download === '' ? (fallbackName.split('/').pop() ?? fallbackName) : download;
  const ascii = filename.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(filename)}`;
}

/**
 * Parses `bytes=a-b`, `bytes=a-` or `bytes=-n` against a size. Null means "send it all": no header, a
 * form we do not serve (several ranges) or an invalid one (RFC 9110 says ignore it). A range that
 * starts past the end cannot be satisfied.
 */
function parseRange(header: string | null, size: number): { start: number; end: number } | null {
  if (!header) return null;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  const [, first = '', last = ''] = match ?? [];
  if (!match || (first === '' && last === '')) return null;
  if (first === '') {
    const suffix = Number(last);
    if (suffix === 0) throw errors.invalidRange();
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(first);
  if (last !== '' && Number(last) < start) return null;
  if (start >= size) throw errors.invalidRange();
  return { start, end: last === '' ? size - 1 : Math.min(Number(last), size - 1) };
}

export function objectResponse(
  request: Request,
  row: ObjectRow,
  bytes: Uint8Array,
  options: { crossOrigin?: boolean } = {},
): Response {
  const url = new URL(request.url);
  const mimeType = row.metadata?.mimetype ?? '';
  const headers = new Headers({
    'Content-Type': mediaTypeEssence(mimeType) === null ? 'application/octet-stream' : mimeType,
    'Cache-Control': row.metadata?.cacheControl ?? 'no-cache',
    'Last-Modified': lastModified(row),
    'Accept-Ranges': 'bytes',
    'X-Content-Type-Options': 'nosniff',
    'Content-Security-Policy': "default-src 'none'; sandbox",
  });
  const etag = row.metadata?.eTag;
  if (etag) headers.set('ETag', etag);
  // `<img src>` on another origin keeps working under Cross-Origin-Embedder-Policy.
  if (options.crossOrigin) headers.set('Cross-Origin-Resource-Policy', 'cross-origin');
  const download = url.searchParams.get('download');
  if (download !== null || !isInlineType(mimeType)) {
    headers.set('Content-Disposition', contentDisposition(download ?? '', row.name));
  }

  const ifNoneMatch = request.headers.get('if-none-match');
  if (
    etag &&
    ifNoneMatch &&
    ifNoneMatch.split(',').some((tag) => tag.trim() === etag || tag.trim() === '*')
  ) {
    return new Response(null, { status: 304, headers });
  }

  const range = parseRange(request.headers.get('range'), bytes.byteLength);
  if (range) {
    headers.set('Content-Range', `bytes ${range.start}-${range.end}/${bytes.byteLength}`);
    headers.set('Content-Length', String(range.end - range.start + 1));
    return new Response(bytes.slice(range.start, range.end + 1), {
      status: 206,
      headers,
    });
  }
  headers.set('Content-Length', String(bytes.byteLength));
  return new Response(bytes as Uint8Array<ArrayBuffer>, { status: 200, headers });
}
