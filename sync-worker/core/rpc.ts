// Online-only RPCs through the worker's client (same token, same X-Client-Info): expected failures come
// back as values. A write the service worker queued answers 202 with `{ queued: true, id }` as data.
import type { DatabaseClient, FunctionName, Json } from '../../src/db/database';

export type RpcResult<T = unknown> =
  { ok: true; data: T } | { ok: false; error: { code: string; message: string; status: number } };

export async function callRpc(
  client: DatabaseClient,
  name: FunctionName,
  args: Record<string, unknown>,
): Promise<RpcResult> {
  try {
    const res = await rpcByName(client, name, args);
    if (res.error) {
      return {
        ok: false,
        error: {
          code: res.error.code || (res.status ? String(res.status) : 'network'),
          message: res.error.message,
          status: res.status,
        },
      };
    }
    return { ok: true, data: res.data };
  } catch (error) {
    return {
      ok: false,
      error: { code: 'network', message: error instanceof Error ? error.message : String(error), status: 0 },
    };
  }
}

/**
 * An RPC whose arguments (and, for intents, name) arrive as data, not literals: the page's online queries
 * (over comlink; their names are typed at the page) and the intents stored in the pending-writes ledger.
 * The compiler cannot check them against the schema; PostgREST does (an unknown function answers 404 PGRST202, wrong arguments a 4xx), and the
 * callers treat those answers as refusals. Calls with a literal name use the typed client directly.
 */
export function rpcByName(client: DatabaseClient, name: string, args: Record<string, unknown>) {
  return client.rpc(name as FunctionName, args as Record<string, Json>);
}
