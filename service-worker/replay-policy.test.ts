import { describe, expect, it } from 'vitest';
import { classifyReplay, isQueueableFailure } from './replay-policy';

const response = (status: number) => classifyReplay({ kind: 'response', status });

describe('classifyReplay', () => {
  it('removes an entry on any 2xx', () => {
    for (const status of [200, 201, 202, 204, 299]) expect(response(status)).toBe('applied');
  });

  it('keeps the entry on a network error, 408, 429 and every 5xx', () => {
    expect(classifyReplay({ kind: 'network-error', message: 'Failed to fetch' })).toBe('retry');
    for (const status of [408, 429, 500, 502, 503, 504, 599]) expect(response(status)).toBe('retry');
  });

  it('waits for a fresher token on 401', () => {
    expect(response(401)).toBe('unauthorized');
  });

  it('drops and records a permanent 4xx', () => {
    for (const status of [400, 403, 404, 405, 409, 410, 413, 422, 451])
      expect(response(status)).toBe('rejected');
  });

  it('keeps anything unexpected (1xx, 3xx) rather than lose it', () => {
    for (const status of [101, 302, 304]) expect(response(status)).toBe('retry');
  });
});

describe('isQueueableFailure', () => {
  it('queues a network failure but not a request the caller aborted', () => {
    expect(isQueueableFailure(new TypeError('Failed to fetch'), false)).toBe(true);
    expect(isQueueableFailure(new TypeError('Failed to fetch'), true)).toBe(false);
    expect(isQueueableFailure(new DOMException('The user aborted a request.', 'AbortError'), false)).toBe(
      false,
    );
  });
});
