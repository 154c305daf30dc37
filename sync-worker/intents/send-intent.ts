// One intent request (src/db/pending-writes.ts IntentRequest) through the worker's supabase-js client, and
// what its answer means for the ledger: applied (2xx), queued by the page's service worker (202 with the
// queued body), worth another try (network, 401, 408, 429, 5xx) or refused for good (any other 4xx).
import type { DatabaseClient, TablesUpdate } from '../../src/db/database';
import type { IntentRequest, Json } from '../../src/db/pending-writes';
import { isQueuedAnswer } from '../../service-worker/protocol';
import { classify, isPermanentStatus, SyncError } from '../core/errors';
import { rpcByName } from '../core/rpc';

export type IntentAnswer =
  | { kind: 'applied' }
  | { kind: 'queued'; queueId: string }
  | { kind: 'retry'; error: SyncError }
  | { kind: 'refused'; code: string; message: string };

interface Answer {
  error: { code?: string; message?: string } | null;
  status: number;
  data: unknown;
}

export async function sendIntent(client: DatabaseClient, request: IntentRequest): Promise<IntentAnswer> {
  let res: Answer;
  try {
    res =
      request.type === 'rpc'
        ? await rpcByName(client, request.fn, request.args)
        : await updateByName(client, request.table, request.id, request.values);
  } catch (error) {
    return {
      kind: 'retry',
      error: new SyncError('offline', 'network', error instanceof Error ? error.message : String(error), 0),
    };
  }
  if (res.status === 202 && isQueuedAnswer(res.data)) return { kind: 'queued', queueId: res.data.id };
  if (res.error) {
    const error = classify(res.status, res.error);
    if (error.kind === 'http' && isPermanentStatus(res.status)) {
      return { kind: 'refused', code: error.code, message: error.message };
    }
    return { kind: 'retry', error };
  }
  if (request.type === 'update' && Array.isArray(res.data) && res.data.length === 0) {
    return { kind: 'refused', code: 'not_found', message: `no ${request.table} row ${request.id} to update` };
  }
  // request_join_workout answers a time clash with 200 {"status":"clash"} and creates nothing (the client
  // checks its own workouts first; this is a clash it could not see, e.g. a workout from another device
  // not pulled yet): nothing was applied, so the local request is rolled back and the refusal shown.
  if (request.type === 'rpc' && isClashAnswer(res.data)) {
    return { kind: 'refused', code: 'join_clash', message: 'workout time clash' };
  }
  return { kind: 'applied' };
}

function isClashAnswer(data: unknown): boolean {
  return typeof data === 'object' && data !== null && (data as { status?: unknown }).status === 'clash';
}

type UpdateTable = Extract<IntentRequest, { type: 'update' }>['table'];

/**
 * A column update stored in the ledger: the values are data (recorded by src/db/commands), checked by
 * PostgREST (an unknown column answers 400 PGRST204, refused). `select`: an update that matched no row
 * (gone, or not mine) answers [] instead of an error.
 */
function updateByName(client: DatabaseClient, table: UpdateTable, id: string, values: Record<string, Json>) {
  return client
    .from(table)
    .update(values as TablesUpdate<UpdateTable>)
    .eq('id', id)
    .select('id');
}
