/**
 * Which handler a message of the user's topic is for. Every change arrives on the one private channel
 * `user:<id>` (the server already decided who may see it), so the handlers' keys are matched here, on the
 * row: `column=eq.value`, `column=neq.value` and `column=in.(a,b,…)`, the forms the sync worker writes.
 * Values compare as text (ids, uuids); a filter of another form matches nothing.
 */
import type { ChangeKey, ChangePayload } from './types';

type Row = Record<string, unknown>;

function text(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/** Whether `row` passes `filter` (absent: every row). */
export function rowMatches(filter: string | undefined, row: Row): boolean {
  if (!filter) return true;
  const match = /^([^=]+)=(eq|neq|in)\.(.*)$/s.exec(filter);
  if (!match) return false;
  const [, column = '', op, value = ''] = match;
  const cell = text(row[column]);
  if (op === 'eq') return cell === value;
  if (op === 'neq') return cell !== null && cell !== value;
  if (!value.startsWith('(') || !value.endsWith(')')) return false;
  if (cell === null) return false;
  return value
    .slice(1, -1)
    .split(',')
    .some((item) => item.replace(/^"(.*)"$/, '$1') === cell);
}

/** Whether a change is one `key` stands for: its table, event and filter (on the old row for DELETE). */
export function keyMatches(key: ChangeKey, change: ChangePayload): boolean {
  if (key.table !== change.table || (key.schema ?? 'public') !== change.schema) return false;
  if (key.event !== '*' && key.event !== change.eventType) return false;
  return rowMatches(key.filter, change.eventType === 'DELETE' ? change.old : change.new);
}

/**
 * The change a broadcast message carries: `{operation, table, schema, record, old_record}`, the shape of
 * `realtime.broadcast_changes` (the app's triggers, supabase/migrations/20261206200100); null for any
 * other message.
 */
export function changeOf(message: unknown): ChangePayload | null {
  const payload = (message as { payload?: unknown } | null)?.payload as Row | undefined;
  if (!payload || typeof payload !== 'object') return null;
  const { operation, table, schema, record, old_record: old } = payload;
  if (operation !== 'INSERT' && operation !== 'UPDATE' && operation !== 'DELETE') return null;
  if (typeof table !== 'string' || typeof schema !== 'string') return null;
  const asRow = (value: unknown): Row =>
    value && typeof value === 'object' && !Array.isArray(value) ? (value as Row) : {};
  return { eventType: operation, table, schema, new: asRow(record), old: asRow(old) };
}
