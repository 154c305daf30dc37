/**
 * The online way for a write this device could not store: a document of a pushed collection (workouts,
 * settings) goes to the server through the collection's own push RPC, as the sync worker would send it,
 * so the app keeps working online with a full disk. Other writes (intents, local documents) have no
 * direct route: the user is told that the change was not saved (storage-watch.ts).
 */
import { COLLECTION_NAMES, REPLICATION, type CollectionName, type PushRpc } from '@/db/schemas';
import type { QuotaWrite } from '../../db/storage-health/storage-events';

export type RpcAnswer = { ok: true; data: unknown } | { ok: false };
export type PushSender = (rpc: PushRpc, args: { p_rows: unknown[] }) => Promise<RpcAnswer>;

/** `sent`: the server applied every document; `failed`: it did not (offline, refused, a conflict). */
export type FallbackOutcome = 'sent' | 'failed' | 'no-route';

const isCollectionName = (name: string): name is CollectionName =>
  (COLLECTION_NAMES as readonly string[]).includes(name);

/** RxDB's bookkeeping fields are not columns; `_deleted` is, as in the worker's push. */
function pushState(doc: Record<string, unknown>): Record<string, unknown> {
  const { _meta, _rev, _attachments, ...state } = doc;
  void _meta;
  void _rev;
  void _attachments;
  return state;
}

export function pushRouteOf(write: QuotaWrite): PushRpc | null {
  if (!isCollectionName(write.collection)) return null;
  const replication = REPLICATION[write.collection];
  return replication.mode === 'push' ? replication.rpc : null;
}

export async function sendWriteOnline(write: QuotaWrite, send: PushSender): Promise<FallbackOutcome> {
  const rpc = pushRouteOf(write);
  if (rpc === null) return 'no-route';
  const p_rows = write.writes.map((w) => ({
    newDocumentState: pushState(w.document),
    // What this device last had: the server merges against it, or answers with a conflict.
    assumedMasterState: w.previous === null ? null : pushState(w.previous),
  }));
  let answer: RpcAnswer;
  try {
    answer = await send(rpc, { p_rows });
  } catch {
    return 'failed';
  }
  if (!answer.ok) return 'failed';
  const data = (answer.data ?? {}) as { conflicts?: unknown[]; rejected?: unknown[] };
  return (data.conflicts ?? []).length === 0 && (data.rejected ?? []).length === 0 ? 'sent' : 'failed';
}
