/**
 * The part of a patch that actually changes a document. Commands write and record a pending push only
 * for real changes: a no-op edit makes no new revision, so the sync worker would never push it and a
 * pending-write entry recorded for it would never be acknowledged (the sync status would show it as
 * pending forever).
 */
export function changedFields<T extends object>(current: T, patch: Partial<T>): Partial<T> {
  return Object.fromEntries(
    Object.entries(patch).filter(
      ([key, value]) => value !== undefined && (current as Record<string, unknown>)[key] !== value,
    ),
  ) as Partial<T>;
}
