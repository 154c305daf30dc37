// The answers the service worker gives a caller whose write it queued or replayed on its behalf.
import { QUEUED_HEADER, type QueuedAnswer } from './protocol';
import type { SettledResponse } from './replay';

/** 202 for a write stored in the queue: the caller must not treat it as applied yet. */
export function queuedResponse(id: string): Response {
  const body: QueuedAnswer = { queued: true, id };
  return new Response(JSON.stringify(body), {
    status: 202,
    statusText: 'Queued',
    headers: {
      'content-type': 'application/json',
      [QUEUED_HEADER]: '1',
      'access-control-expose-headers': QUEUED_HEADER,
    },
  });
}

/** The server's answer to a write that went behind earlier queued writes and was replayed at once. */
export function settledResponse(settled: SettledResponse): Response {
  const headers = new Headers();
  if (settled.contentType !== null) headers.set('content-type', settled.contentType);
  // 204/205 must not carry a body.
  const body = settled.status === 204 || settled.status === 205 ? null : settled.body;
  return new Response(body, { status: settled.status, headers });
}
