/**
 * Ids per request for every `in` filter the worker sends. A URL carries them (`id=in.(…)`, about 37 bytes
 * an id once encoded): 100 keep it under 4 KB, far from the 16 KB a request head may have in Node and
 * common proxies, and from the emulator's 1,000 `in` values a request (SPQ03); one request still covers
 * the usual handful.
 */
export const IDS_PER_REQUEST = 100;

/** `items` in consecutive chunks of at most `size`, in order. */
export function chunked<T>(items: readonly T[], size = IDS_PER_REQUEST): T[][] {
  const chunks: T[][] = [];
  for (let i = 0; i < items.length; i += size) chunks.push(items.slice(i, i + size));
  return chunks;
}
