/**
 * Reads an upload's body the two ways storage-js sends it: multipart form data (a Blob or File, with
 * `cacheControl` and `metadata` fields and the file under an empty field name) or the raw bytes with
 * `Content-Type`, `Cache-Control` and base64 JSON `x-metadata` headers. Bodies are read with a cap, so
 * an oversized upload costs at most the cap in memory.
 */
import { errors } from './errors';
import { isAllowedType, mediaTypeEssence } from './media-type';

/** Hosted Storage's default global per-file limit (free plan): 50 MB. */
export const GLOBAL_FILE_SIZE_LIMIT = 50 * 1024 * 1024;
/** Room for the multipart framing and the custom metadata field (hosted allows 1 MB of it). */
const MULTIPART_OVERHEAD = 1024 * 1024 + 64 * 1024;
/** Past this many bytes a too-large body is no longer drained but the connection dropped. */
const MAX_DRAIN = 2 * GLOBAL_FILE_SIZE_LIMIT;
const HEADER_VALUE = /^[\x20-\x7e]{1,255}$/;

export interface IncomingFile {
  bytes: Uint8Array;
  mimeType: string;
  cacheControl: string;
  userMetadata: Record<string, unknown> | undefined;
}

interface CappedBody {
  bytes: Uint8Array;
  truncated: boolean;
}

/** Reads at most `cap` bytes; the rest is drained (so the client sees our answer) and dropped. */
export async function readCapped(request: Request, cap: number): Promise<CappedBody> {
  const reader = request.body?.getReader();
  if (!reader) return { bytes: new Uint8Array(0), truncated: false };
  const chunks: Uint8Array[] = [];
  let kept = 0;
  let seen = 0;
  let truncated = false;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    seen += value.byteLength;
    if (!truncated && kept + value.byteLength <= cap) {
      chunks.push(value);
      kept += value.byteLength;
    } else {
      truncated = true;
      if (seen > MAX_DRAIN) {
        await reader.cancel();
        break;
      }
    }
  }
  return { bytes: Buffer.concat(chunks, kept), truncated };
}

function headerValue(value: string | null | undefined): string | undefined {
  return value !== null && value !== undefined && HEADER_VALUE.test(value) ? value : undefined;
}

function parseMetadata(json: string | undefined): Record<string, unknown> | undefined {
  if (json === undefined) return undefined;
  try {
    const parsed: unknown = JSON.parse(json);
    return parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed)
      ? (parsed as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The uploaded file, with its content type and cache control. `sizeLimit` is the smaller of the
 * bucket's and the global limit. Throws StorageError for a missing file, a bad content type or one the
 * bucket does not allow (415), and a file over the limit (413), in hosted's order.
 */
export async function readUpload(
  request: Request,
  sizeLimit: number,
  allowedMimeTypes: readonly string[] | null,
): Promise<IncomingFile> {
  const contentType = request.headers.get('content-type') ?? '';
  let file: IncomingFile;
  let tooLarge: boolean;

  if (contentType.toLowerCase().startsWith('multipart/form-data')) {
    const body = await readCapped(request, sizeLimit + MULTIPART_OVERHEAD);
    if (body.truncated) throw errors.entityTooLarge();
    let form: FormData;
    try {
      form = await new Response(body.bytes as Uint8Array<ArrayBuffer>, {
        headers: { 'content-type': contentType },
      }).formData();
    } catch {
      throw errors.noContent();
    }
    let blob: Blob | undefined;
    for (const [, value] of form.entries()) {
      if (typeof value !== 'string') {
        blob = value;
        break;
      }
    }
    if (!blob) throw errors.noContent();
    const field = (name: string) => {
      const value = form.get(name);
      return typeof value === 'string' ? value : undefined;
    };
    const cacheTime = field('cacheControl');
    const metadata = field('metadata') ?? field('userMetadata');
    if (metadata !== undefined && Buffer.byteLength(metadata) > 1024 * 1024) {
      throw errors.entityTooLarge('user_metadata');
    }
    const rawMime = field('contentType') || blob.type || 'application/octet-stream';
    const cacheControl = cacheTime ? headerValue(`max-age=${cacheTime}`) : 'no-cache';
    if (cacheControl === undefined) throw errors.invalidParameter('cacheControl');
    tooLarge = blob.size > sizeLimit;
    file = {
      bytes: tooLarge ? new Uint8Array(0) : new Uint8Array(await blob.arrayBuffer()),
      mimeType: rawMime,
      cacheControl,
      userMetadata: parseMetadata(metadata),
    };
  } else {
    const body = await readCapped(request, sizeLimit);
    tooLarge = body.truncated;
    const encoded = request.headers.get('x-metadata');
    let metadata: string | undefined;
    if (encoded !== null) {
      try {
        metadata = Buffer.from(encoded, 'base64').toString('utf8');
      } catch {
        metadata = undefined;
      }
    }
    const cacheControl = request.headers.get('cache-control') ?? 'no-cache';
    if (headerValue(cacheControl) === undefined) throw errors.invalidParameter('cacheControl');
    file = {
      bytes: body.bytes,
      mimeType: contentType || 'application/octet-stream',
      cacheControl,
      userMetadata: parseMetadata(metadata),
    };
  }

  if (headerValue(file.mimeType) === undefined) throw errors.invalidMimeType(file.mimeType);
  checkMimeType(file.mimeType, allowedMimeTypes);
  if (tooLarge) throw errors.entityTooLarge();
  return file;
}

/**
 * The whole value must be a well-formed media type (see media-type.ts), whatever the bucket allows; with
 * an allow-list its `type/subtype` (parameters aside, any case) must equal an entry or match `type/*`.
 * storage-api compares the raw value split at `/` (so it refuses `image/png;,text/html` too, and also
 * `image/png; charset=x`); cutting at the first `;` without parsing, as this did before, let that
 * HTML page in as image/png.
 */
export function checkMimeType(mimeType: string, allowed: readonly string[] | null): void {
  const essence = mediaTypeEssence(mimeType);
  if (essence === null) throw errors.invalidMimeType(mimeType);
  if (allowed && allowed.length > 0 && !isAllowedType(essence, allowed))
    throw errors.invalidMimeType(mimeType);
}
