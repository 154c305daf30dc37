// Online-only RPCs through the worker's client (same token, same X-Client-Info): expected failures come
// back as values. A write the service worker queued answers 202 with `{ queued: true, id }` as data.
import type { SupabaseClient } from '@supabase/supabase-js';

export type RpcResult<T = unknown> =
  { ok: true; data: T } | { ok: false; error: { code: string; message: string; status: number } };

export async function callRpc(
  client: SupabaseClient,
  name: string,
  args: Record<string, unknown>,
): Promise<RpcResult> {
  try {
    const res = await client.rpc(name, args);
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
    return { ok: true, data: res.data as unknown };
  } catch (error) {
    return {
      ok: false,
      error: { code: 'network', message: error instanceof Error ? error.message : String(error), status: 0 },
    };
  }
}
