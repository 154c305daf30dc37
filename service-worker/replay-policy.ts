/**
 * What a replay does with a queued write, given what the server (or the network) answered.
 *
 * - applied: 2xx. The write reached the server; drop the entry.
 * - rejected: a permanent 4xx (bad input, RLS, a refused intent). Retrying cannot help: drop the entry but
 *   record the outcome for the user, never silently.
 * - unauthorized: 401. Retry only with a fresher token than the one just used; otherwise wait for the page.
 * - retry: network error, 408, 429, 5xx (and anything unexpected such as 3xx). Keep the entry, stop this
 *   user's replay so later writes do not overtake it.
 */

export type ReplayResult = { kind: 'network-error'; message: string } | { kind: 'response'; status: number };

export type ReplayDecision = 'applied' | 'rejected' | 'unauthorized' | 'retry';

const TRANSIENT_4XX: ReadonlySet<number> = new Set([408, 429]);

export function classifyReplay(result: ReplayResult): ReplayDecision {
  if (result.kind === 'network-error') return 'retry';
  const { status } = result;
  if (status >= 200 && status < 300) return 'applied';
  if (status === 401) return 'unauthorized';
  if (TRANSIENT_4XX.has(status)) return 'retry';
  if (status >= 400 && status < 500) return 'rejected';
  return 'retry';
}

/** Whether a failed live request should be queued: only when no answer came back at all. */
export function isQueueableFailure(error: unknown, aborted: boolean): boolean {
  if (aborted) return false;
  return !(error instanceof DOMException && error.name === 'AbortError');
}
