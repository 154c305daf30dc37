// The refused writes the sync panel lists: the ledger's failed writes (refused while the sync worker sent
// them, or claimed from the service worker's queue) and the service worker's refused requests that no
// ledger entry claimed (queue-outcomes.ts). One shape for both, so the list, its labels and its retry do
// not care where a refusal was recorded.
import type { FailedWrite, IntentRequest, WriteTarget } from '@/db/pending-writes';
import type { QueueOutcomeRecord } from '@/lib/service-worker/write-queue';
import { describeRefusal } from '@/sync/queue-outcomes';

/** What was sent, read loosely: the panel only reads names and a few arguments, never sends it as is. */
export type SentRequest =
  | { type: 'rpc'; fn: string; args: Readonly<Record<string, unknown>> }
  | { type: 'update'; table: string; id: string; values: Readonly<Record<string, unknown>> };

export interface RefusedWrite {
  /** Unique in the list (a ledger key may repeat: two refusals of the same write). */
  id: string;
  /** Where it is recorded: `key` is the ledger key or the queue id, the handle to dismiss it. */
  source: 'ledger' | 'queue';
  key: string;
  /** The ledger's target (null for a queued request, which names only its RPC). */
  collection: WriteTarget | null;
  docId: string | null;
  /** What was sent: an RPC or a column update; null for a refused push (workouts, settings). */
  request: SentRequest | null;
  /** The server's error code (a SQLSTATE such as SPG01, or `http_<status>`). */
  code: string;
  /** When it was refused (ISO). */
  at: string;
}

const isArgs = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function loosen(request: IntentRequest | null): SentRequest | null {
  if (request === null) return null;
  return request.type === 'rpc'
    ? { type: 'rpc', fn: request.fn, args: request.args }
    : { type: 'update', table: request.table, id: request.id, values: request.values };
}

function argsOf(body: string): Record<string, unknown> {
  try {
    const parsed: unknown = JSON.parse(body);
    return isArgs(parsed) ? parsed : {};
  } catch {
    return {};
  }
}

export function fromFailedWrite(write: FailedWrite, index: number): RefusedWrite {
  return {
    id: `ledger:${write.key}:${write.error.at}:${index}`,
    source: 'ledger',
    key: write.key,
    collection: write.collection,
    docId: write.doc_id,
    request: loosen(write.request),
    code: write.error.code,
    at: write.error.at,
  };
}

export function fromQueueOutcome(record: QueueOutcomeRecord): RefusedWrite {
  return {
    id: `queue:${record.id}`,
    source: 'queue',
    key: record.id,
    collection: null,
    docId: null,
    request: { type: 'rpc', fn: record.rpc, args: argsOf(record.requestBody) },
    code: describeRefusal(record.status, record.body).code,
    at: new Date(record.settledAt).toISOString(),
  };
}

/** Every refused write, newest first. */
export function refusedWrites(
  failed: readonly FailedWrite[],
  rejected: readonly QueueOutcomeRecord[],
): RefusedWrite[] {
  return [...failed.map(fromFailedWrite), ...rejected.map(fromQueueOutcome)].sort((a, b) =>
    a.at < b.at ? 1 : a.at > b.at ? -1 : 0,
  );
}
