/**
 * Turns a plan's result row into PostgREST's HTTP answer: status (200/201/204/206/416), body and
 * `Content-Range` (PostgREST/postgrest: src/library/PostgREST/Response.hs, RangeQuery.hs).
 */
import { RestError } from './errors';
import type { Plan, PlanRow } from './plan';
import type { Preferences } from './query-params';

export const JSON_TYPE = 'application/json; charset=utf-8';
export const OBJECT_TYPE = 'application/vnd.pgrst.object+json; charset=utf-8';

export interface RestResponse {
  status: number;
  body: string | null;
  headers: Record<string, string>;
}

/** PGRST116 is raised inside the transaction, so a mutation that hit it rolls back. */
export function checkSingle(plan: Plan, row: PlanRow): void {
  if (plan.response.kind !== 'rows' || !plan.response.single) return;
  const page = Number(row.page);
  if (page !== 1) {
    throw new RestError(
      406,
      'PGRST116',
      'Cannot coerce the result to a single JSON object',
      `The result contains ${page} rows`,
    );
  }
}

/**
 * `Prefer: handling=strict, max-affected=N` on PATCH and DELETE: more rows than N is PostgREST's 400
 * PGRST124, raised inside the transaction so that nothing is changed.
 */
export function checkMaxAffected(method: string, prefs: Preferences, row: PlanRow): void {
  if (!prefs.strict || prefs.maxAffected === null || (method !== 'PATCH' && method !== 'DELETE')) return;
  const affected = Number(row.page);
  if (affected > prefs.maxAffected) {
    throw new RestError(
      400,
      'PGRST124',
      'Query result exceeds max-affected preference constraint',
      `The query affects ${affected} rows`,
    );
  }
}

export function toResponse(plan: Plan, row: PlanRow, method: string): RestResponse {
  const response = plan.response;
  if (response.kind === 'void') return { status: 204, body: null, headers: {} };
  if (response.kind === 'scalar') {
    return { status: 200, body: row.body ?? 'null', headers: { 'Content-Type': JSON_TYPE } };
  }
  const page = Number(row.page);
  const total = row.total === null ? null : Number(row.total);
  const contentType = response.single ? OBJECT_TYPE : JSON_TYPE;
  if (!response.ranged) {
    const range = method === 'POST' ? '*' : page > 0 ? `0-${page - 1}` : '*';
    const headers = {
      'Content-Range': `${range}/${response.counted ? page : '*'}`,
      'Content-Type': contentType,
    };
    if (response.minimal) return { status: method === 'POST' ? 201 : 204, body: null, headers };
    return { status: response.status, body: row.body ?? '[]', headers };
  }
  const lower = response.offset;
  const upper = lower + page - 1;
  const headers = {
    'Content-Range': `${page > 0 ? `${lower}-${upper}` : '*'}/${total ?? '*'}`,
    'Content-Type': contentType,
  };
  let status = 200;
  if (total !== null) {
    if (lower > total) {
      throw new RestError(
        416,
        'PGRST103',
        'Requested range not satisfiable',
        `An offset of ${lower} was requested, but there are only ${total} rows.`,
      );
    }
    if (page < total) status = 206;
  }
  return { status, body: row.body, headers };
}
