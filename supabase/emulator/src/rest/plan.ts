/**
 * What a planned request is: one SQL statement with its bind parameters, whether it may write, and
 * how its single result row `{total, page, body}` becomes an HTTP response.
 */
export type BodyShape = 'array' | 'single' | 'object' | 'none';

export interface Plan {
  sql: string;
  params: unknown[];
  readOnly: boolean;
  response:
    | {
        kind: 'rows';
        /** 200 for reads, 201 for inserts, 200 for PATCH/DELETE with a body. */
        status: number;
        /** Answer without a body (return=minimal): 201 for POST, 204 otherwise. */
        minimal: boolean;
        /** `Accept: application/vnd.pgrst.object+json`: exactly one row or 406. */
        single: boolean;
        /** `Prefer: count=exact` was asked and `total` is computed. */
        counted: boolean;
        offset: number;
        /** GET/HEAD ranges (206/416) apply only to reads. */
        ranged: boolean;
      }
    | { kind: 'scalar' }
    | { kind: 'void' };
}

export interface PlanRow {
  total: number | string | null;
  page: number | string;
  body: string | null;
}

/** The alias of the outermost row set; unusual so it cannot shadow a column a client selected. */
export const OUTER = '_spotter_t';

/** Wraps a row query so Postgres returns the count, the page size and the JSON body in one row. */
export function wrapRows(
  rows: string,
  countSql: string | null,
  body: BodyShape,
  scalarColumn: string | null = null,
): string {
  const value = scalarColumn ? `${OUTER}.${scalarColumn}` : OUTER;
  const bodySql =
    body === 'none'
      ? 'null::text'
      : body === 'array'
        ? `coalesce(json_agg(${value}), '[]')::text`
        : body === 'single'
          ? `case when count(*) = 1 then (json_agg(${value}) -> 0)::text end`
          : `coalesce((json_agg(${value}) -> 0)::text, 'null')`;
  const total = countSql ? `(${countSql})` : 'null::bigint';
  return `select ${total} as total, count(*) as page, ${bodySql} as body from (${rows}) ${OUTER}`;
}
