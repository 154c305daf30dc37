// The data client's retry rules (spec point 9): failed queries are retried up to 3 times but never on
// HTTP 400-499, failed mutations once (a 4xx refusal is final for them too: retrying cannot change it),
// and the delay doubles from 1 s up to 30 s.
import {
  MUTATION_RETRIES,
  QUERY_RETRIES,
  RETRY_DELAY_BASE_MS,
  RETRY_DELAY_MAX_MS,
} from '../domain/constants';

/** Delay before retry `attempt` (1-based): 1 s, 2 s, 4 s, ... capped at 30 s. */
export function retryDelay(attempt: number): number {
  return Math.min(RETRY_DELAY_BASE_MS * 2 ** Math.max(0, attempt - 1), RETRY_DELAY_MAX_MS);
}

export function isClientError(status: number): boolean {
  return status >= 400 && status <= 499;
}

/** Whether failure number `failures` (1-based) of a query or mutation may be retried. */
export function shouldRetry(kind: 'query' | 'mutation', failures: number, status: number): boolean {
  if (isClientError(status)) return false;
  return failures <= (kind === 'query' ? QUERY_RETRIES : MUTATION_RETRIES);
}
