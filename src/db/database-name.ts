/**
 * One IndexedDB database set per signed-in user: the name is derived from a hash of the user id, so a
 * second account in the same browser opens a different database and never sees (or pushes) the first
 * user's rows, and the user id itself does not appear in storage names.
 */
export const DATABASE_PREFIX = 'spotter_';

export async function databaseNameFor(userId: string): Promise<string> {
  if (userId.trim() === '') throw new TypeError('databaseNameFor: empty user id');
  const bytes = new TextEncoder().encode(`spotter-user:${userId}`);
  const digest = new Uint8Array(await globalThis.crypto.subtle.digest('SHA-256', bytes));
  // 80 bits: collision-free for the handful of accounts one browser ever sees; RxDB names must match
  // ^[a-z][_$a-z0-9\-]*$, which lower-case hex does.
  const hex = Array.from(digest.subarray(0, 10), (b) => b.toString(16).padStart(2, '0')).join('');
  return `${DATABASE_PREFIX}${hex}`;
}
