/**
 * Hosted Realtime refuses a postgres_changes `in` filter with more than 100 values, and one refused
 * binding fails the whole channel (every table of the user, retried 5 times, then stopped). A long id
 * list is therefore split into several bindings of at most 100 values each.
 */
export const REALTIME_IN_LIMIT = 100;

/** `column=in.(…)` filters covering `values`, at most `limit` values each; none for an empty list. */
export function inFilters(column: string, values: readonly string[], limit = REALTIME_IN_LIMIT): string[] {
  if (!Number.isInteger(limit) || limit < 1) throw new RangeError(`invalid limit ${limit}`);
  const filters: string[] = [];
  for (let i = 0; i < values.length; i += limit) {
    filters.push(`${column}=in.(${values.slice(i, i + limit).join(',')})`);
  }
  return filters;
}
