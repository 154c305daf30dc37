/**
 * React bindings for live data: `useSyncExternalStore` over RxDB queries and other observables.
 *
 * A store is created once per source object and cached in a WeakMap, so components that pass the same
 * (memoised) RxQuery share one subscription, and a re-render never resubscribes. RxDB caches queries by
 * their mango JSON (`collection.find(q)` returns the same RxQuery for an identical query), so even two
 * separately built identical queries map to one store. The snapshot is undefined until the first
 * emission (loading), then the last emitted value, whose identity changes only when the result does.
 */
import { useSyncExternalStore } from 'react';
import type { Observable } from 'rxjs';

export interface LiveStore<T> {
  subscribe: (onChange: () => void) => () => void;
  getSnapshot: () => T | undefined;
}

/** What the hooks need of an RxQuery (`find`, `findOne`, `count`): its shared live observable. */
export interface LiveQuery<R> {
  readonly $: Observable<R>;
}

const stores = new WeakMap<object, LiveStore<unknown>>();

/** A store over any observable; subscribes on first listener, unsubscribes after the last one. */
export function storeFor<T>(source: Observable<T>): LiveStore<T> {
  const cached = stores.get(source);
  if (cached) return cached as LiveStore<T>;
  let snapshot: T | undefined;
  const listeners = new Set<() => void>();
  let subscription: { unsubscribe(): void } | undefined;
  const store: LiveStore<T> = {
    subscribe: (onChange) => {
      listeners.add(onChange);
      subscription ??= source.subscribe((value) => {
        snapshot = value;
        for (const l of listeners) l();
      });
      return () => {
        listeners.delete(onChange);
        if (listeners.size === 0) {
          subscription?.unsubscribe();
          subscription = undefined;
        }
      };
    },
    getSnapshot: () => snapshot,
  };
  stores.set(source, store);
  return store;
}

/** The store of an RxQuery (`find`, `findOne`, `count`): keyed by the query object itself. */
export function queryStore<R>(query: LiveQuery<R>): LiveStore<R> {
  const cached = stores.get(query);
  if (cached) return cached as LiveStore<R>;
  const store = storeFor(query.$);
  stores.set(query, store);
  return store;
}

const noStore: LiveStore<undefined> = {
  subscribe: () => () => undefined,
  getSnapshot: () => undefined,
};

/**
 * The live result of a query: undefined while loading (or when `query` is null/undefined), then the
 * documents. Memoise the query (`useMemo(() => db.workouts.find({...}), [db, ...])`).
 */
export function useLiveQuery<R>(query: LiveQuery<R> | null | undefined): R | undefined {
  const store = query ? queryStore(query) : (noStore as LiveStore<R>);
  return useSyncExternalStore(store.subscribe, store.getSnapshot, store.getSnapshot);
}

/**
 * One document: pass a `findOne` query. undefined while loading, null when there is no such document.
 */
export function useLiveDocument<D>(query: LiveQuery<D | null> | null | undefined): D | null | undefined {
  return useLiveQuery(query);
}

/** Any other live source (a local document, the sync status, the progression view model). */
export function useLiveValue<T>(source: Observable<T> | null | undefined): T | undefined {
  const store = source ? storeFor(source) : (noStore as LiveStore<T>);
  return useSyncExternalStore(store.subscribe, store.getSnapshot, store.getSnapshot);
}
