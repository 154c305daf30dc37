/**
 * A request body as text, read with at most `maxBytes` kept in memory; null when the body is longer. A
 * longer body sent without Content-Length (chunked) is drained, not kept: cancelling the stream would
 * reset the connection before the caller's 413 arrives. Used by REST and auth (storage reads bytes).
 */
export async function readCappedText(request: Request, maxBytes: number): Promise<string | null> {
  if (!request.body) return '';
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size <= maxBytes) chunks.push(value);
  }
  return size > maxBytes ? null : Buffer.concat(chunks).toString('utf8');
}
