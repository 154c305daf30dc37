/**
 * React bindings for live data: RxDB queries and other observables as stores, rendered in transitions
 * (`useStoreInTransition` below says why not `useSyncExternalStore`).
 *
 * A store is created once per source object and cached in a WeakMap, so components that pass the same
 * (memoised) RxQuery share one subscription, and a re-render never resubscribes. RxDB caches queries by
 * their mango JSON (`collection.find(q)` returns the same RxQuery for an identical query), so even two
 * separately built identical queries map to one store. The snapshot is undefined until the first
 * emission (loading), then the last emitted value, whose identity changes only when the result does.
 *
 * Screens read through `useLive` (src/sync/use-live.ts), which takes the signed-in user's database from
 * context; code that holds a database itself (src/db's own hooks) uses `useLiveSource`. Both build the
 * source from a function and its dependencies, so no caller memoises a query by hand.
 */
import { startTransition, useLayoutEffect, useMemo, useState, type DependencyList } from 'react';
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
  return useStoreInTransition(store.subscribe, store.getSnapshot);
}

/**
 * A store's snapshot for React (the arguments of `useSyncExternalStore`, stable per store), where a
 * change the store announces later re-renders in a transition.
 *
 * `useSyncExternalStore` renders every change at once and whole (a synchronous render React cannot
 * pause): /home's live queries arriving one by one were each a main-thread task of 50-240 ms on a mobile
 * CPU, most of Lighthouse's blocking time. In a transition React renders in 5 ms slices and lets input
 * and paint through; a local write still shows within a frame or two (bench `sync`,
 * local_write_to_ui). What the store already holds, or gives while being subscribed (a cached query, a
 * BehaviorSubject), is shown before paint, as before: the first frame never shows a stale default.
 * Components may briefly disagree (no tearing guard): each shows a value the database held.
 */
export function useStoreInTransition<T>(subscribe: LiveStore<T>['subscribe'], getSnapshot: () => T): T {
  // Keyed by `subscribe`, the store's identity: a new store shows its own snapshot at once.
  const [shown, setShown] = useState(() => ({ subscribe, value: getSnapshot() }));
  useLayoutEffect(() => {
    let subscribing = true;
    const update = () => {
      const value = getSnapshot();
      // Equal values keep the state: a source rebuilt per render cannot loop renders.
      const show = () => setShown((prev) => (Object.is(prev.value, value) ? prev : { subscribe, value }));
      if (subscribing) show();
      else startTransition(show);
    };
    const unsubscribe = subscribe(update);
    update(); // a change between render and subscription
    subscribing = false;
    return unsubscribe;
  }, [subscribe, getSnapshot]);
  return shown.subscribe === subscribe ? shown.value : getSnapshot();
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
  return useStoreInTransition(store.subscribe, store.getSnapshot);
}

/** What a live read returns: an RxQuery (`find`, `findOne`, `count`) or any observable. */
export type LiveSource<T> = LiveQuery<T> | Observable<T>;

/**
 * The live value of the source `make` builds, rebuilt only when `deps` change: undefined while loading
 * (or while `make` returns null or undefined), then the latest result (null for a `findOne` that finds
 * nothing). `deps` are checked by react-hooks/exhaustive-deps like useMemo's (eslint.config.js).
 */
export function useLiveSource<T>(
  make: () => LiveSource<T> | null | undefined,
  deps: DependencyList,
): T | undefined {
  // eslint-disable-next-line react-hooks/exhaustive-deps, react-hooks/use-memo -- the caller's deps, checked at its call site
  const source = useMemo(make, deps);
  const store = !source ? (noStore as LiveStore<T>) : '$' in source ? queryStore(source) : storeFor(source);
  return useStoreInTransition(store.subscribe, store.getSnapshot);
}
