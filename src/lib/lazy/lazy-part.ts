import { useSyncExternalStore } from 'react';

/**
 * A module the page loads on demand (a control's interactive part, such as a menu's dropdown), shared by
 * every component that shows it: `load()` starts the download once, `useLoaded()` re-renders its callers
 * when it has arrived. A failed download is forgotten, so the next `load()` tries again.
 */
export interface LazyPart<T> {
  load(): Promise<T>;
  /** The module once loaded, otherwise null (without starting the download). */
  useLoaded(): T | null;
  /** The module if it has loaded already (for event handlers). */
  current(): T | null;
}

export function lazyPart<T>(importer: () => Promise<T>): LazyPart<T> {
  let loaded: T | null = null;
  let loading: Promise<T> | null = null;
  const listeners = new Set<() => void>();
  const subscribe = (listener: () => void) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  };
  const snapshot = () => loaded;
  return {
    load() {
      loading ??= importer().then(
        (module) => {
          loaded = module;
          for (const listener of listeners) listener();
          return module;
        },
        (error: unknown) => {
          loading = null;
          throw error;
        },
      );
      return loading;
    },
    useLoaded() {
      return useSyncExternalStore(subscribe, snapshot, snapshot);
    },
    current: snapshot,
  };
}
