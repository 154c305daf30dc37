// How a failed call is classified. The replication retries every kind but `auth` waits for a new token
// from the page (the worker never refreshes), and `offline`/`queued` wait for a nudge (online, syncNow,
// the periodic resync) instead of spinning.

export type SyncErrorKind =
  /** fetch failed: no network, DNS, connection refused. */
  | 'offline'
  /** The service worker stored the write (202 + x-spotter-queued); it replays it, we retry later. */
  | 'queued'
  /** 401: the access token is missing or expired. */
  | 'auth'
  /** Any other HTTP or PostgREST failure. */
  | 'http';

export class SyncError extends Error {
  override readonly name = 'SyncError';
  constructor(
    readonly kind: SyncErrorKind,
    readonly code: string,
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

const TRANSIENT = new Set([408, 429]);

/** Not worth retrying: a 4xx other than 401 (a new token may help), 408 and 429 (later may help). */
export function isPermanentStatus(status: number): boolean {
  return status >= 400 && status < 500 && status !== 401 && !TRANSIENT.has(status);
}

interface PostgrestLikeError {
  code?: string;
  message?: string;
}

/** supabase-js resolves failures as values: status 0 (or none) means the request never got an answer. */
export function classify(status: number, error: PostgrestLikeError | null | undefined): SyncError {
  const code = error?.code ?? '';
  const message = error?.message ?? `HTTP ${status}`;
  if (!status) return new SyncError('offline', code || 'network', message, 0);
  if (status === 401 || code === 'PGRST301' || code === 'PGRST303') {
    return new SyncError('auth', code || '401', message, status);
  }
  return new SyncError('http', code || String(status), message, status);
}

export function toWriteError(error: unknown, now: Date): { code: string; message: string; at: string } {
  if (error instanceof SyncError) return { code: error.code, message: error.message, at: now.toISOString() };
  const message = error instanceof Error ? error.message : String(error);
  return { code: 'error', message, at: now.toISOString() };
}
