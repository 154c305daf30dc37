/**
 * Which requests the service worker's write queue may hold, and which paths belong to the API rather than
 * the app (no SPA fallback for those). One list, shared by the service worker, the page and the tests.
 *
 * Only RPCs that are idempotent on the server belong here: a replay after a lost response, plus a retry by
 * the caller, must apply once (intents carry a client id or a deterministic server id; pushes upsert by id).
 */

/** Intent RPCs the UI calls and the sync worker's batched pushes. */
export const QUEUED_RPC_NAMES = [
  'confirm_rest_day',
  'check_in',
  'check_out',
  'complete_daily_challenge',
  'flex_activity',
  'request_join_workout',
  'respond_join_request',
  'send_friend_request',
  'mark_all_notifications_read',
  'push_workouts',
  'push_user_settings',
] as const;

export type QueuedRpcName = (typeof QUEUED_RPC_NAMES)[number];

const queuedNames: ReadonlySet<string> = new Set(QUEUED_RPC_NAMES);

/** Supabase paths the dev/preview servers forward to the API; never answered with index.html. */
export const API_PATH_PREFIXES = ['/auth/v1', '/rest/v1', '/storage/v1', '/realtime/v1', '/inbox'] as const;

/** Matches `pathname + search` of an API URL (the form Workbox's NavigationRoute denylist tests). */
export const API_PATH_PATTERN = new RegExp(
  `^(?:${API_PATH_PREFIXES.map((prefix) => prefix.replaceAll('/', '\\/')).join('|')})(?:[/?]|$)`,
);

export function isApiPath(pathnameAndSearch: string): boolean {
  return API_PATH_PATTERN.test(pathnameAndSearch);
}

/**
 * The RPC name when `method url` is a queueable write to the Supabase project at `supabaseUrl`, else null.
 * Matches origin and path prefix of the base URL (hosted Supabase is another origin than the app; locally
 * both are the app's origin), ignores the query string, and is exact on the function name.
 */
export function matchQueuedRpc(method: string, url: string, supabaseUrl: string): QueuedRpcName | null {
  if (method.toUpperCase() !== 'POST') return null;
  let target: URL;
  let base: URL;
  try {
    target = new URL(url);
    base = new URL(supabaseUrl);
  } catch {
    return null;
  }
  if (target.origin !== base.origin) return null;
  const prefix = `${base.pathname.replace(/\/+$/, '')}/rest/v1/rpc/`;
  if (!target.pathname.startsWith(prefix)) return null;
  const name = decodeURIComponent(target.pathname.slice(prefix.length));
  return queuedNames.has(name) ? (name as QueuedRpcName) : null;
}
