/**
 * The SQL behind every object operation. Each function runs inside a transaction that already carries
 * the caller's role and claims (`asRole`), so the project's policies on `storage.objects` decide, as
 * with hosted Storage; `service_role` bypasses them. Values are always bound as parameters.
 */
import type { Queryable } from '../db/engine';

export interface ObjectMetadata {
  eTag: string;
  size: number;
  mimetype: string;
  cacheControl: string;
  lastModified: string;
  contentLength: number;
  httpStatusCode: number;
}

export interface ObjectRow {
  id: string;
  bucket_id: string;
  name: string;
  owner: string | null;
  owner_id: string | null;
  version: string | null;
  metadata: ObjectMetadata | null;
  user_metadata: Record<string, unknown> | null;
  created_at: Date | string | null;
  updated_at: Date | string | null;
  last_accessed_at: Date | string | null;
}

const OBJECT_COLUMNS = `id, bucket_id, name, owner, owner_id, version, metadata, user_metadata,
  created_at, updated_at, last_accessed_at`;

export interface NewObject {
  bucket: string;
  name: string;
  owner: string | null;
  ownerId: string | null;
  version: string;
  metadata: ObjectMetadata | null;
  userMetadata: Record<string, unknown> | null;
}

function values(o: NewObject): unknown[] {
  return [
    o.bucket,
    o.name,
    o.owner,
    o.ownerId,
    o.version,
    o.metadata === null ? null : JSON.stringify(o.metadata),
    o.userMetadata === null ? null : JSON.stringify(o.userMetadata),
  ];
}

const INSERT = `insert into storage.objects
  (bucket_id, name, owner, owner_id, version, metadata, user_metadata)
  values ($1, $2, $3::uuid, $4, $5, $6::jsonb, $7::jsonb)`;

/** Inserts a new object; a name already taken fails with 23505 (storage-api's Duplicate). */
export async function insertObject(tx: Queryable, o: NewObject): Promise<string> {
  const { rows } = await tx.query<{ id: string }>(`${INSERT} returning id`, values(o));
  return rows[0]?.id ?? '';
}

/** Inserts or replaces; returns the new id and the version it replaced, if any. */
export async function upsertObject(
  tx: Queryable,
  o: NewObject,
): Promise<{ id: string; replaced: string | null }> {
  const old = await findObject(tx, o.bucket, o.name);
  const { rows } = await tx.query<{ id: string }>(
    `${INSERT}
     on conflict (bucket_id, name) do update set
       owner = excluded.owner, owner_id = excluded.owner_id, version = excluded.version,
       metadata = excluded.metadata, user_metadata = excluded.user_metadata,
       updated_at = now(), last_accessed_at = now()
     returning id`,
    values(o),
  );
  return { id: rows[0]?.id ?? '', replaced: old?.version ?? null };
}

export async function findObject(tx: Queryable, bucket: string, name: string): Promise<ObjectRow | null> {
  const { rows } = await tx.query<ObjectRow>(
    `select ${OBJECT_COLUMNS} from storage.objects where bucket_id = $1 and name = $2`,
    [bucket, name],
  );
  return rows[0] ?? null;
}

export async function deleteObjects(tx: Queryable, bucket: string, names: string[]): Promise<ObjectRow[]> {
  const { rows } = await tx.query<ObjectRow>(
    `delete from storage.objects where bucket_id = $1 and name = any($2::text[]) returning ${OBJECT_COLUMNS}`,
    [bucket, names],
  );
  return rows;
}

export async function renameObject(
  tx: Queryable,
  from: { bucket: string; name: string },
  to: { bucket: string; name: string },
): Promise<ObjectRow | null> {
  const { rows } = await tx.query<ObjectRow>(
    `update storage.objects set bucket_id = $3, name = $4, updated_at = now()
     where bucket_id = $1 and name = $2 returning ${OBJECT_COLUMNS}`,
    [from.bucket, from.name, to.bucket, to.name],
  );
  return rows[0] ?? null;
}

export interface ListOptions {
  prefix: string;
  search: string;
  limit: number;
  offset: number;
  column: 'name' | 'updated_at' | 'created_at' | 'last_accessed_at';
  order: 'asc' | 'desc';
}

export interface ListEntry {
  name: string;
  id: string | null;
  updated_at: Date | string | null;
  created_at: Date | string | null;
  last_accessed_at: Date | string | null;
  metadata: ObjectMetadata | null;
}

/**
 * One level of a bucket below `prefix`, like storage-api's `storage.search`: files at that level and
 * one entry per sub-folder (with null id, dates and metadata). Only rows the caller may select count.
 */
export async function listLevel(tx: Queryable, bucket: string, options: ListOptions): Promise<ListEntry[]> {
  // column and order come from allow-lists, never from the request verbatim.
  const sort = `${options.column === 'name' ? 'name collate "C"' : options.column} ${options.order} nulls last, name collate "C" asc`;
  const { rows } = await tx.query<ListEntry>(
    `with level as (
       select o.*, split_part(substr(o.name, char_length($2) + 1), '/', 1) as entry,
              strpos(substr(o.name, char_length($2) + 1), '/') > 0 as is_folder
       from storage.objects o
       where o.bucket_id = $1 and left(o.name, char_length($2)) = $2
     ),
     entries as (
       select entry as name, null::uuid as id, null::timestamptz as updated_at,
              null::timestamptz as created_at, null::timestamptz as last_accessed_at, null::jsonb as metadata
       from level where is_folder group by entry
       union all
       select entry, id, updated_at, created_at, last_accessed_at, metadata from level where not is_folder
     )
     select * from entries
     where left(lower(name), char_length($3)) = lower($3)
     order by ${sort}
     limit $4 offset $5`,
    [bucket, options.prefix, options.search, options.limit, options.offset],
  );
  return rows;
}
