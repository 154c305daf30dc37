// Page chunks load lazily. After a deploy, an open tab may ask for a chunk that no longer exists, and a flaky
// connection can drop one: retry twice with a growing delay (600 ms, then 1200 ms); if it still fails, ask the
// service worker to look for an update, clear the runtime caches and reload once. A second failure after that
// reload is thrown, so the route error screen shows instead of a reload loop.
// The Workbox precache is never cleared: it is the app offline, and the service worker fills it only when it
// installs, so deleting it would leave the app unable to start offline until the next deploy. Offline nothing
// is cleared or reloaded at all: the error is thrown.

export const RETRY_DELAYS_MS = [600, 1200] as const;
const RELOAD_MARKER = 'spotter:chunk-reload';

export interface RetryImportDeps {
  wait: (ms: number) => Promise<void>;
  /** Clears caches and starts a reload; false when the page cannot reload (then the error is thrown). */
  recover: () => Promise<boolean>;
  storage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> | undefined;
  /** False when the device is offline: the caches are then all the app has. */
  online: () => boolean;
}

const browserDeps = (): RetryImportDeps => ({
  wait: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
  recover: async () => {
    if ('caches' in globalThis) await clearRuntimeCaches(caches);
    // After a deploy, this lets the new worker install (its update prompt then offers the new version).
    await navigator.serviceWorker
      ?.getRegistration()
      .then((registration) => registration?.update())
      .catch(() => undefined);
    window.location.reload();
    return true;
  },
  storage: safeSessionStorage(),
  online: () => globalThis.navigator?.onLine !== false,
});

/** Workbox names its precache `<prefix>-precache-v2-<scope>`; every other cache is runtime data. */
export function isPrecache(cacheName: string): boolean {
  return /-precache-v\d+-/.test(cacheName);
}

/** Deletes every cache but the precache; returns the names deleted. */
export async function clearRuntimeCaches(storage: Pick<CacheStorage, 'keys' | 'delete'>): Promise<string[]> {
  const runtime = (await storage.keys()).filter((name) => !isPrecache(name));
  await Promise.all(runtime.map((name) => storage.delete(name)));
  return runtime;
}

function safeSessionStorage(): Storage | undefined {
  try {
    return globalThis.sessionStorage;
  } catch {
    return undefined;
  }
}

export async function retryImport<T>(
  load: () => Promise<T>,
  deps: RetryImportDeps = browserDeps(),
): Promise<T> {
  let lastError: unknown;
  for (let attempt = 0; attempt <= RETRY_DELAYS_MS.length; attempt += 1) {
    try {
      const module = await load();
      deps.storage?.removeItem(RELOAD_MARKER);
      return module;
    } catch (error) {
      lastError = error;
      const delay = RETRY_DELAYS_MS[attempt];
      if (delay !== undefined) await deps.wait(delay);
    }
  }
  if (deps.online() && deps.storage !== undefined && deps.storage.getItem(RELOAD_MARKER) === null) {
    deps.storage.setItem(RELOAD_MARKER, String(Date.now()));
    // The page is going away: keep the router pending rather than flash the error screen.
    if (await deps.recover()) return new Promise<T>(() => {});
  }
  throw lastError;
}
