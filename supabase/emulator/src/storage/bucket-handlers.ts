/**
 * Bucket operations (`/bucket`): list, get, create, update, empty and delete, each as the caller, so
 * the policies on `storage.buckets` decide exactly as on hosted Storage (with none, only the
 * service_role key sees or changes buckets; users get an empty list).
 */
import type { Context } from 'hono';
import type { Queryable } from '../db/engine';
import { errors } from './errors';
import { readJsonObject } from './json-body';
import { bucketOnly, validBucketId } from './object-key';
import type { ObjectRow } from './objects-db';
import { dropBlob, type StorageService } from './service';

const BUCKET_COLUMNS = `id, name, owner, public, file_size_limit, allowed_mime_types, created_at, updated_at,
  'STANDARD' as type`;
const SORT_COLUMNS = ['id', 'name', 'created_at', 'updated_at'] as const;
const SIZE = /^(\d+(?:\.\d+)?)\s*(b|kb|mb|gb)?$/i;
const UNITS: Record<string, number> = { b: 1, kb: 1024, mb: 1024 ** 2, gb: 1024 ** 3 };

/** storage-api accepts a byte count or a string like `2MB`; null clears the limit. */
function fileSizeLimit(value: unknown): number | null {
  if (value === null) return null;
  if (typeof value === 'number' && Number.isInteger(value) && value >= 0) return value;
  if (typeof value === 'string') {
    const match = SIZE.exec(value.trim());
    if (match?.[1]) return Math.floor(Number(match[1]) * (UNITS[(match[2] ?? 'b').toLowerCase()] ?? 1));
  }
  throw errors.invalidRequest('Invalid file size format, hint: use 20GB / 20MB / 30KB / 3B');
}

function mimeTypes(value: unknown): string[] | null {
  if (value === null) return null;
  if (
    Array.isArray(value) &&
    value.every((v): v is string => typeof v === 'string' && /^[\w.+-]+\/[\w.+*-]+$/.test(v))
  ) {
    return value;
  }
  throw errors.invalidParameter('allowed_mime_types');
}

/** GET /bucket?limit&offset&sortColumn&sortOrder&search */
export async function listBuckets(svc: StorageService, c: Context): Promise<Response> {
  const identity = await svc.identify(c);
  const query = new URL(c.req.url).searchParams;
  const column = SORT_COLUMNS.find((allowed) => allowed === (query.get('sortColumn') ?? 'name'));
  const order = (query.get('sortOrder') ?? 'asc').toLowerCase();
  if (!column) throw errors.invalidParameter('sortColumn');
  if (order !== 'asc' && order !== 'desc') throw errors.invalidParameter('sortOrder');
  const limit = query.get('limit');
  const offset = query.get('offset');
  for (const [name, value] of [
    ['limit', limit],
    ['offset', offset],
  ] as const) {
    if (value !== null && !/^\d{1,9}$/.test(value)) throw errors.invalidParameter(name);
  }
  const search = query.get('search') ?? '';
  const { rows } = await svc.asCaller(identity, (tx) =>
    tx.query(
      `select ${BUCKET_COLUMNS} from storage.buckets
       where strpos(lower(name), lower($1)) > 0
       order by ${column} ${order} limit $2 offset $3`,
      [search, limit === null ? null : Number(limit), Number(offset ?? 0)],
    ),
  );
  return c.json(rows);
}

/** GET /bucket/{id} */
export async function getBucket(svc: StorageService, c: Context, rest: string): Promise<Response> {
  const id = bucketOnly(rest);
  const identity = await svc.identify(c);
  const { rows } = await svc.asCaller(identity, (tx) =>
    tx.query(`select ${BUCKET_COLUMNS} from storage.buckets where id = $1`, [id]),
  );
  if (!rows[0]) throw errors.noSuchBucket();
  return c.json(rows[0]);
}

/** POST /bucket { id?, name, public?, file_size_limit?, allowed_mime_types? } */
export async function createBucket(svc: StorageService, c: Context): Promise<Response> {
  const identity = await svc.identify(c);
  const body = await readJsonObject(c, { allowEmpty: true });
  if (typeof body.name !== 'string') throw errors.invalidRequest("body must have required property 'name'");
  const name = validBucketId(body.name);
  const id = body.id === undefined ? name : validBucketId(typeof body.id === 'string' ? body.id : '');
  const owner = typeof identity.claims.sub === 'string' ? identity.claims.sub : null;
  await svc.asCaller(identity, (tx) =>
    tx.query(
      `insert into storage.buckets (id, name, owner, owner_id, public, file_size_limit, allowed_mime_types)
       values ($1, $2, case when $3 ~* '^[0-9a-f-]{36}$' then $3::uuid end, $3, $4, $5, $6)`,
      [
        id,
        name,
        owner,
        body.public === true,
        body.file_size_limit === undefined ? null : fileSizeLimit(body.file_size_limit),
        body.allowed_mime_types === undefined ? null : mimeTypes(body.allowed_mime_types),
      ],
    ),
  );
  return c.json({ name });
}

/** PUT /bucket/{id} { public, file_size_limit?, allowed_mime_types? } */
export async function updateBucket(svc: StorageService, c: Context, rest: string): Promise<Response> {
  const id = bucketOnly(rest);
  const identity = await svc.identify(c);
  const body = await readJsonObject(c, { allowEmpty: true });
  const sets: string[] = [];
  const params: unknown[] = [id];
  if (typeof body.public === 'boolean') {
    params.push(body.public);
    sets.push(`public = $${params.length}`);
  }
  if (body.file_size_limit !== undefined) {
    params.push(fileSizeLimit(body.file_size_limit));
    sets.push(`file_size_limit = $${params.length}`);
  }
  if (body.allowed_mime_types !== undefined) {
    params.push(mimeTypes(body.allowed_mime_types));
    sets.push(`allowed_mime_types = $${params.length}`);
  }
  sets.push('updated_at = now()');
  const { rows } = await svc.asCaller(identity, (tx) =>
    tx.query(`update storage.buckets set ${sets.join(', ')} where id = $1 returning id`, params),
  );
  if (rows.length === 0) throw errors.noSuchBucket();
  return c.json({ message: 'Successfully updated' });
}

async function visibleBucket(tx: Queryable, id: string): Promise<void> {
  const { rows } = await tx.query('select id from storage.buckets where id = $1', [id]);
  if (rows.length === 0) throw errors.noSuchBucket();
}

/** POST /bucket/{id}/empty: deletes the objects the caller may delete. */
export async function emptyBucket(svc: StorageService, c: Context, rest: string): Promise<Response> {
  const id = bucketOnly(rest);
  const identity = await svc.identify(c);
  const removed = await svc.asCaller(identity, async (tx) => {
    await visibleBucket(tx, id);
    const { rows } = await tx.query<Pick<ObjectRow, 'bucket_id' | 'name' | 'version'>>(
      'delete from storage.objects where bucket_id = $1 returning bucket_id, name, version',
      [id],
    );
    return rows;
  });
  for (const row of removed) await dropBlob(svc, row.bucket_id, row.name, row.version);
  return c.json({ message: 'Successfully emptied' });
}

/** DELETE /bucket/{id}: only an empty bucket. */
export async function deleteBucket(svc: StorageService, c: Context, rest: string): Promise<Response> {
  const id = bucketOnly(rest);
  const identity = await svc.identify(c);
  const { rows: objects } = await svc.ctx.engine.query(
    'select 1 from storage.objects where bucket_id = $1 limit 1',
    [id],
  );
  if (objects.length > 0) throw errors.bucketNotEmpty();
  const { rows } = await svc.asCaller(identity, (tx) =>
    tx.query('delete from storage.buckets where id = $1 returning id', [id]),
  );
  if (rows.length === 0) throw errors.noSuchBucket();
  return c.json({ message: 'Successfully deleted' });
}
