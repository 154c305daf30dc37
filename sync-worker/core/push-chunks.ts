/**
 * One push batch as request bodies under a size cap.
 *
 * RxDB hands the push handler up to PUSH_BATCH_SIZE documents (500: the push RPCs' own limit), counted,
 * not measured. A body over 1 MiB is refused with 413 before it reaches Postgres (the emulator does what
 * hosted Supabase's gateway does), and a workout with 2,000 characters of notes, pushed as an edit with
 * its assumed master state, is about 12 KB: even 100 such rows can pass the limit. So the handler sends
 * a batch as consecutive requests of at most `maxBytes` each, in order; a typical batch (500 new
 * workouts, about 200 KB) is one request. A single row over the cap goes alone: the server's answer for
 * it is the one to report.
 */
export function pushChunks<T>(rows: readonly T[], maxBytes: number): T[][] {
  const chunks: T[][] = [];
  let current: T[] = [];
  let bytes = 2; // the array's brackets
  for (const row of rows) {
    // UTF-8 length of the row as it will be sent, and its comma.
    const size = new TextEncoder().encode(JSON.stringify(row)).length + 1;
    if (current.length > 0 && bytes + size > maxBytes) {
      chunks.push(current);
      current = [];
      bytes = 2;
    }
    current.push(row);
    bytes += size;
  }
  if (current.length > 0) chunks.push(current);
  return chunks;
}
