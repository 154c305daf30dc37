/**
 * Whether an error is the browser refusing a write because the origin's storage quota is used up.
 *
 * IndexedDB reports it as a DOMException named `QuotaExceededError`, usually on the transaction rather
 * than the request. Dexie turns that into its own error (`QuotaExceededError`, or an `AbortError` whose
 * `inner` is the DOMException), and RxDB may wrap Dexie's error again (`parameters.error`), so the name
 * can sit a few levels down; a Dexie `BulkError` lists one error per failed document (`failures`).
 * Firefox once named it `NS_ERROR_DOM_QUOTA_REACHED`.
 */
const QUOTA_NAMES = new Set(['QuotaExceededError', 'NS_ERROR_DOM_QUOTA_REACHED']);
const MAX_DEPTH = 6;

export function isQuotaExceeded(error: unknown, depth = 0): boolean {
  if (depth > MAX_DEPTH || typeof error !== 'object' || error === null) return false;
  const e = error as {
    name?: unknown;
    inner?: unknown;
    cause?: unknown;
    failures?: unknown;
    parameters?: { error?: unknown; errors?: unknown };
  };
  if (typeof e.name === 'string' && QUOTA_NAMES.has(e.name)) return true;
  const nested: unknown[] = [e.inner, e.cause, e.parameters?.error];
  if (Array.isArray(e.failures)) nested.push(...(e.failures as unknown[]));
  if (Array.isArray(e.parameters?.errors)) nested.push(...(e.parameters.errors as unknown[]));
  return nested.some((n) => isQuotaExceeded(n, depth + 1));
}
