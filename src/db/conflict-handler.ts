import type { RxConflictHandler, WithDeleted } from 'rxdb';

/**
 * The conflict rule for client-owned collections (workouts, user_settings), resolved in the upstream of
 * whichever realm replicates (the sync worker), so both realms must register the same handler.
 *
 * Per-field three-way merge over the fields the client owns: a field the local side changed since the
 * state it last saw from the server (assumedMasterState) keeps the local value; every other field takes
 * the server's. `_deleted` is merged like any other field, so a delete on either side wins over a
 * concurrent edit of other fields (an edit never resurrects a row another device deleted).
 *
 * isEqual compares only the client-owned fields: server-side formatting of immutable columns
 * (timestamps returned with '+00:00' instead of 'Z') must not count as a local change, or the
 * upstream would push unchanged rows forever. It must never reduce to a server timestamp
 * (sync-design.md section 3).
 */
export function threeWayMergeHandler<T extends object>(
  clientFields: readonly (keyof T & string)[],
): RxConflictHandler<T> {
  const fields = [...clientFields, '_deleted'] as (keyof WithDeleted<T>)[];
  return {
    isEqual(a, b) {
      return fields.every((f) => sameValue(a[f], b[f]));
    },
    async resolve({ assumedMasterState, realMasterState, newDocumentState }) {
      const merged: Record<string, unknown> = { ...realMasterState };
      for (const f of fields) {
        const localChanged =
          assumedMasterState === undefined || !sameValue(newDocumentState[f], assumedMasterState[f]);
        if (localChanged) merged[f as string] = newDocumentState[f];
      }
      return merged as WithDeleted<T>;
    },
  };
}

function sameValue(a: unknown, b: unknown): boolean {
  // Documents are flat (sync-design.md: no object fields), so strict equality per field is exact;
  // null and undefined both mean "no value" (an optional column the server returns as null).
  return (a ?? null) === (b ?? null);
}
