/**
 * A note, kept outside IndexedDB (localStorage), that this browser held a user's synced data: the RxDB
 * storage token of the database that held it. IndexedDB can be cleared without the app asking (storage
 * pressure, the user clearing site data, Safari's 7-day rule); the database then opens empty, with a new
 * token. A marker whose token differs from the open database's means the data was evicted. Sign-out
 * deletes the database on purpose and removes the marker with it (removeUserData), so it never counts.
 * Where localStorage is unavailable (a worker, private mode, or Safari clearing it too), nothing is said.
 */
const KEY_PREFIX = 'spotter.local-data.';

type Store = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

function defaultStore(): Store | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

export function readLocalDataMarker(databaseName: string, store = defaultStore()): string | null {
  try {
    return store?.getItem(KEY_PREFIX + databaseName) ?? null;
  } catch {
    return null;
  }
}

export function writeLocalDataMarker(
  databaseName: string,
  storageToken: string,
  store = defaultStore(),
): void {
  try {
    store?.setItem(KEY_PREFIX + databaseName, storageToken);
  } catch {
    // Quota or privacy mode: an eviction then goes unexplained, the data still comes back from the server.
  }
}

export function forgetLocalDataMarker(databaseName: string, store = defaultStore()): void {
  try {
    store?.removeItem(KEY_PREFIX + databaseName);
  } catch {
    // Nothing stored then either.
  }
}
