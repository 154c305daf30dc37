import { useRef } from 'react';

/** Whether two flat objects hold the same values under the same keys (Object.is per key). */
export function shallowEqual(a: object, b: object): boolean {
  const keysA = Object.keys(a);
  if (keysA.length !== Object.keys(b).length) return false;
  const recordA = a as Record<string, unknown>;
  const recordB = b as Record<string, unknown>;
  return keysA.every((key) => Object.hasOwn(b, key) && Object.is(recordA[key], recordB[key]));
}

/**
 * `value`, or the object returned last time when it holds the same values: a live source that emits an
 * equal view model again (the progress stream re-emits on every write to the pending-writes note, such as
 * the sync worker's start) then re-renders nothing below the component that reads it.
 */
export function useShallowStable<T extends object>(value: T | undefined): T | undefined {
  const last = useRef(value);
  // Reading and updating the ref in render is safe here: the result depends only on `value` and the
  // previous result, and an equal value keeps the same object whichever render kept it.
  /* eslint-disable react-hooks/refs */
  const previous = last.current;
  if (value !== undefined && previous !== undefined && (previous === value || shallowEqual(previous, value)))
    return previous;
  last.current = value;
  return value;
  /* eslint-enable react-hooks/refs */
}
