/**
 * The `postgres_changes` payload as hosted Realtime (walrus) builds it from a WAL change, here from a
 * captured queue row: columns and values limited to what the subscriber's role may SELECT, the old
 * row as the WAL holds it, and hosted's error markers.
 */
import type { ApiRole } from '../db/request-context';
import type { PgBinding } from './changes';
import type { TableInfo } from './tables';

export type ChangeType = 'INSERT' | 'UPDATE' | 'DELETE';

export interface QueueRow {
  id: number | string;
  schema_name: string;
  table_name: string;
  op: ChangeType;
  record: Record<string, unknown> | null;
  old_record: Record<string, unknown> | null;
  ts: string;
}

/** Hosted walrus drops values from records over 1 MiB (max_record_bytes) and reports 413. */
const MAX_RECORD_BYTES = 1024 * 1024;

export function bindingMatches(binding: PgBinding, info: TableInfo, op: ChangeType): boolean {
  if (!binding.active) return false;
  if (binding.event !== '*' && binding.event !== op) return false;
  if (binding.schema !== '*' && binding.schema !== info.schema) return false;
  return binding.table === null || binding.table === info.table;
}

/**
 * The old row as hosted sees it in the WAL: only the primary key unless REPLICA IDENTITY FULL; and
 * for a DELETE on an RLS table only the primary key even then (it is not RLS-checked).
 */
export function identityRow(
  info: TableInfo,
  old: Record<string, unknown> | null,
  forDeletePayload: boolean,
): Record<string, unknown> | null {
  if (!old) return null;
  const full = info.replicaIdentityFull && !(forDeletePayload && info.rls);
  if (full) return old;
  return Object.fromEntries(info.primaryKey.filter((k) => k in old).map((k) => [k, old[k]]));
}

function pick(record: Record<string, unknown> | null, names: Set<string>): Record<string, unknown> {
  if (!record) return {};
  return Object.fromEntries(Object.entries(record).filter(([k]) => names.has(k)));
}

export function changePayload(row: QueueRow, info: TableInfo, role: ApiRole): Record<string, unknown> {
  const columns = info.columns.filter((c) => c.select[role]);
  const names = new Set(columns.map((c) => c.name));
  const errors: string[] = [];
  if (info.primaryKey.length === 0) errors.push('Error 400: Bad Request, no primary key');
  else if (!info.primaryKey.every((k) => names.has(k))) errors.push('Error 401: Unauthorized');
  const blocked = errors.length > 0;
  const data: Record<string, unknown> = {
    schema: info.schema,
    table: info.table,
    commit_timestamp: row.ts,
    type: row.op,
    columns: columns.map((c) => ({ name: c.name, type: c.type })),
  };
  if (row.op !== 'DELETE') data.record = blocked ? {} : trimOversize(pick(row.record, names), errors);
  if (row.op !== 'INSERT') {
    const old = identityRow(info, row.old_record, row.op === 'DELETE');
    data.old_record = blocked ? {} : trimOversize(pick(old, names), errors);
  }
  data.errors = errors.length > 0 ? [...new Set(errors)] : null;
  return data;
}

function trimOversize(record: Record<string, unknown>, errors: string[]): Record<string, unknown> {
  if (JSON.stringify(record).length <= MAX_RECORD_BYTES) return record;
  errors.push('Error 413: Payload Too Large');
  return Object.fromEntries(Object.entries(record).filter(([, v]) => JSON.stringify(v ?? null).length <= 64));
}
