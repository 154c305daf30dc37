/**
 * A join's `postgres_changes` bindings: their integer ids (hosted uses `:erlang.phash2(params)`, so
 * equal params get equal ids), the reply that echoes them in the client's order, and the validation
 * hosted runs before it says "Subscribed to PostgreSQL".
 */
import type { PgBinding } from './changes';
import { parseFilter, type ReadyFilter } from './filters';
import type { TableCatalog } from './tables';

export interface ClientBinding {
  raw: Record<string, unknown>;
  binding: PgBinding;
}

const EVENTS = ['*', 'INSERT', 'UPDATE', 'DELETE'];

function stableJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  if (Array.isArray(value)) return `[${value.map(stableJson).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : 1));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${stableJson(v)}`).join(',')}}`;
}

/** FNV-1a over the params, folded to 27 bits like phash2's default range. */
export function bindingId(params: Record<string, unknown>): number {
  let hash = 0x811c9dc5;
  for (const ch of stableJson(params)) {
    hash ^= ch.charCodeAt(0);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash & 0x7ffffff || 1;
}

/** Reads the join's bindings; a malformed list yields an error reason for the join reply. */
export function readBindings(
  value: unknown,
): { ok: true; list: ClientBinding[] } | { ok: false; reason: string } {
  if (value === undefined || value === null) return { ok: true, list: [] };
  if (!Array.isArray(value) || value.length > 100) {
    return { ok: false, reason: 'UnknownErrorOnChannel: postgres_changes must be a list' };
  }
  const list: ClientBinding[] = [];
  for (const item of value) {
    if (!item || typeof item !== 'object' || Array.isArray(item)) {
      return { ok: false, reason: 'UnknownErrorOnChannel: each postgres_changes entry must be an object' };
    }
    const raw = item as Record<string, unknown>;
    const event = typeof raw.event === 'string' ? raw.event.toUpperCase() : '';
    const table = typeof raw.table === 'string' && raw.table !== '*' && raw.table !== '' ? raw.table : null;
    list.push({
      raw,
      binding: {
        id: bindingId(raw),
        event,
        schema: typeof raw.schema === 'string' ? raw.schema : '',
        table,
        filters: [],
        active: false,
      },
    });
  }
  return { ok: true, list };
}

export function bindingsReply(list: ClientBinding[]): Record<string, unknown>[] {
  return list.map(({ raw, binding }) => ({ ...raw, id: binding.id }));
}

function describe(raw: Record<string, unknown>): string {
  const text = (v: unknown) => (typeof v === 'string' ? v : JSON.stringify(v ?? null));
  const filters = typeof raw.filter === 'string' ? `[${raw.filter}]` : '[]';
  return `[event: ${text(raw.event)}, schema: ${text(raw.schema)}, table: ${text(raw.table ?? '*')}, filters: ${filters}]`;
}

/**
 * Validates and prepares every binding (table exists, filter parses, its column exists, its values
 * cast to the column type). Returns an error message for the `system` push, or null when all are
 * ready; bindings only become active when all of them are valid, as hosted subscribes them at once.
 */
export async function prepareBindings(catalog: TableCatalog, list: ClientBinding[]): Promise<string | null> {
  const unable = (raw: Record<string, unknown>) =>
    'Unable to subscribe to changes with given parameters. Please check Realtime is enabled for the ' +
    `given connect parameters: ${describe(raw)}`;
  for (const { raw, binding } of list) {
    if (!EVENTS.includes(binding.event) || binding.schema === '') return unable(raw);
    if (raw.filter !== undefined && raw.filter !== null && raw.filter !== '') {
      if (typeof raw.filter !== 'string' || binding.table === null || binding.schema === '*') {
        return `Error parsing \`filter\` params: ${JSON.stringify(raw.filter)}`;
      }
      const parsed = parseFilter(raw.filter);
      if (!parsed.ok) return parsed.error;
      const info = await catalog.get(binding.schema, binding.table);
      if (!info) return unable(raw);
      const ready: ReadyFilter[] = [];
      for (const filter of parsed.filters) {
        const column = info.columns.find((c) => c.name === filter.column);
        if (!column) return `Error parsing \`filter\` params: unknown column ${filter.column}`;
        const values =
          filter.op === 'is'
            ? filter.values.map((v) => (v === 'null' ? null : v === 'true'))
            : await catalog.normaliseValues(column, filter.values);
        if (!values)
          return `Error parsing \`filter\` params: invalid value for ${column.name} (${column.type})`;
        ready.push({ column: column.name, op: filter.op, negate: filter.negate, type: column.type, values });
      }
      binding.filters = ready;
    } else if (binding.table !== null && binding.schema !== '*') {
      if (!(await catalog.get(binding.schema, binding.table))) return unable(raw);
    }
  }
  for (const { binding } of list) binding.active = true;
  return null;
}
