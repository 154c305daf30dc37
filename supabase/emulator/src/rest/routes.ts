/**
 * `/rest/v1`: the PostgREST subset supabase-js and RxDB use
 * (https://docs.postgrest.org/en/stable/references/api.html).
 *
 * Each request: verify the JWT (anon key when no bearer), parse the query string, check every name
 * against the schema cache, build one SQL statement with bound values, run it in one transaction
 * under the caller's role and claims (READ ONLY for GET/HEAD), and answer with the JSON Postgres
 * built. Plans for identical GET/HEAD/DELETE requests are cached per catalog version.
 */
import { Hono, type Context } from 'hono';
import type { EmulatorContext } from '../context';
import { asRole, createRoleSettings, roleStatement, type RequestIdentity } from '../db/request-context';
import { createCatalogCache, type Catalog } from './catalog';
import { createIdentityCache } from './identity-cache';
import { RestError, toErrorResponse } from './errors';
import type { Plan, PlanRow } from './plan';
import { planRead } from './plan-read';
import { planRpc, rpcArgNames } from './plan-rpc';
import { planWrite } from './plan-write';
import { createPlanCache } from './plan-cache';
import { emptyScope, parsePrefer, parseQuery, type ParsedQuery, type Preferences } from './query-params';
import { checkMaxAffected, checkSingle, JSON_TYPE, toResponse, type RestResponse } from './respond';
import { CatalogMiss } from './sql-builder';
import { readCappedText } from '../http/capped-text';

/**
 * Request bodies above 1 MiB are refused with 413 before they are parsed or reach Postgres (PostgREST
 * itself has no limit; hosted, the API gateway in front of it does). The largest body the app sends, a
 * push, is split by the sync worker into requests of at most MAX_PUSH_BODY_BYTES (256 KB); a 9.6 MB
 * anonymous RPC held every other request for about a second (issue 17).
 */
export const MAX_BODY_BYTES = 1024 * 1024;
const MAX_JSON_DEPTH = 256;
const STALE_SCHEMA_CODES = new Set(['42P01', '42703', '42883']);

class Rollback extends Error {
  constructor(readonly row: PlanRow) {
    super('rollback requested');
  }
}

interface RequestInfo {
  method: string;
  path: string;
  url: URL;
  headers: Headers;
  prefs: Preferences;
  single: boolean;
  /** `/rpc/<fn>`: a function call, which may have side effects. */
  rpc: boolean;
  readBody(): Promise<{ text: string; json: unknown }>;
}

const warmers = new WeakMap<EmulatorContext, () => Promise<void>>();

/**
 * Loads the schema cache now, as PostgREST does at boot, instead of inside the first request (there
 * it took 300-400 ms of a new device's first pull in the sync bench). Called once the server
 * listens, so it never delays start-up; a request meanwhile waits for the same load. Failures surface
 * on the next request, which loads again.
 */
export function warmRestCache(ctx: EmulatorContext): void {
  void warmers
    .get(ctx)?.()
    .catch(() => undefined);
}

export function restRoutes(ctx: EmulatorContext): Hono {
  const app = new Hono();
  const catalogs = createCatalogCache(ctx.engine, (line) => ctx.log(line));
  warmers.set(ctx, () => catalogs.get().then(() => undefined));
  const plans = createPlanCache(1000);
  const identify = createIdentityCache(ctx);
  const roleSettings = createRoleSettings(ctx.engine, (line) => ctx.log(line));

  const withCatalog = async (build: (catalog: Catalog) => Plan | Promise<Plan>): Promise<Plan> => {
    const catalog = await catalogs.get();
    try {
      return await build(catalog);
    } catch (error) {
      if (!(error instanceof CatalogMiss)) throw error;
      const fresh = await catalogs.refresh(catalog.version);
      return build(fresh);
    }
  };

  const run = async (identity: RequestIdentity, info: RequestInfo, plan: Plan): Promise<RestResponse> => {
    const settings = await roleSettings.forRole(identity.role);
    const requestIdentity: RequestIdentity = {
      ...identity,
      readOnly: plan.readOnly,
      method: info.method,
      path: info.path,
      headers: Object.fromEntries(info.headers),
      statementTimeout: settings.statementTimeout,
    };
    // PostgREST's db-pre-request: called for every request, in its transaction, after the settings.
    const { preRequest } = settings;
    // A read-only table read has nothing to roll back (a function's NOTIFY is the one side effect a
    // READ ONLY transaction allows, hence RPC reads that may need to roll back take the general path):
    // settings and query go as one pipeline, one round trip into PGlite instead of four.
    if (plan.readOnly && info.prefs.tx !== 'rollback' && (!info.rpc || !info.single)) {
      const result = await ctx.engine.pipeline<PlanRow>([
        roleStatement(requestIdentity),
        ...(preRequest === null ? [] : [{ sql: preRequest }]),
        { sql: plan.sql, params: plan.params },
      ]);
      const first = result.rows[0] ?? { total: null, page: 0, body: null };
      checkSingle(plan, first);
      return toResponse(plan, first, info.method);
    }
    let row: PlanRow;
    try {
      row = await ctx.engine.transaction(async (tx) => {
        await asRole(tx, requestIdentity);
        if (preRequest !== null) await tx.query(preRequest);
        const result = await tx.query<PlanRow>(plan.sql, plan.params);
        const first = result.rows[0] ?? { total: null, page: 0, body: null };
        checkSingle(plan, first);
        checkMaxAffected(info.method, info.prefs, first);
        if (info.prefs.tx === 'rollback') throw new Rollback(first);
        return first;
      });
    } catch (error) {
      if (!(error instanceof Rollback)) throw error;
      row = error.row;
    }
    return toResponse(plan, row, info.method);
  };

  const handle = async (
    c: Context,
    route: (info: RequestInfo, catalogVersionKey: string) => Promise<Plan>,
  ) => {
    const url = new URL(c.req.url);
    const method = c.req.method.toUpperCase();
    let role: RequestIdentity['role'] = 'anon';
    try {
      const auth = await identify(c.req.raw.headers, url);
      if (!auth.ok)
        return send(c, method, {
          status: auth.status,
          body: JSON.stringify(auth.body),
          headers: { 'Content-Type': JSON_TYPE, ...auth.headers },
        });
      role = auth.identity.role;
      const profile = c.req.header(
        method === 'GET' || method === 'HEAD' ? 'accept-profile' : 'content-profile',
      );
      if (profile && profile !== 'public') {
        throw new RestError(406, 'PGRST106', 'The schema must be one of the following: public', null, null);
      }
      const info: RequestInfo = {
        method,
        path: url.pathname.replace(/^\/rest\/v1/, ''),
        url,
        headers: c.req.raw.headers,
        prefs: parsePrefer(c.req.header('prefer') ?? null),
        single: (c.req.header('accept') ?? '').includes('application/vnd.pgrst.object'),
        rpc: url.pathname.includes('/rpc/'),
        readBody: () => readJsonBody(c),
      };
      const { version } = await catalogs.get();
      const key = `${version}\u0001${method}\u0001${url.pathname}\u0001${url.search}\u0001${info.single}\u0001${c.req.header('prefer') ?? ''}\u0001${c.req.header('range') ?? ''}`;
      const plan = await route(info, key);
      let response: RestResponse;
      try {
        response = await run(auth.identity, info, plan);
      } catch (error) {
        const code = (error as { code?: unknown }).code;
        if (typeof code === 'string' && STALE_SCHEMA_CODES.has(code)) {
          // The cache may name something dropped since: check the schema, reload if it changed.
          plans.clear();
          await catalogs.refresh(version).catch(() => undefined);
        }
        throw error;
      }
      return send(c, method, response);
    } catch (error) {
      const failure = toErrorResponse(error, role, (line) => ctx.log(line));
      return send(c, method, {
        status: failure.status,
        body: JSON.stringify(failure.body),
        headers: { 'Content-Type': JSON_TYPE, ...failure.headers },
      });
    }
  };

  app.all('/rpc/:fn', (c) =>
    handle(c, async (info, key) => {
      const name = c.req.param('fn');
      if (!['GET', 'HEAD', 'POST'].includes(info.method)) throw unsupportedMethod(info.method);
      const readOnly = info.method !== 'POST';
      // planned and estimated counts are answered with exact ones.
      const count = info.prefs.count !== null;
      const head = info.method === 'HEAD';
      if (readOnly) {
        return plans.getOrBuild(key, () =>
          withCatalog((catalog) => {
            const argNames = rpcArgNames(catalog, name);
            const query = parseQuery(info.url.searchParams, (k) => argNames.has(k));
            return planRpc(catalog, name, query, {
              readOnly,
              head,
              single: info.single,
              count,
              argsText: JSON.stringify(Object.fromEntries(query.args)),
              argNames: [...query.args.keys()],
              wholeBody: false,
            });
          }),
        );
      }
      const body = await info.readBody();
      const isObject = typeof body.json === 'object' && body.json !== null && !Array.isArray(body.json);
      const query = parseQuery(info.url.searchParams);
      return withCatalog((catalog) =>
        planRpc(catalog, name, query, {
          readOnly,
          head,
          single: info.single,
          count,
          argsText: body.text,
          argNames: isObject ? Object.keys(body.json as object) : [],
          wholeBody: info.prefs.singleObject || !isObject,
        }),
      );
    }),
  );

  app.all('/:table', (c) =>
    handle(c, async (info, key) => {
      const table = c.req.param('table');
      const method = info.method;
      if (method === 'GET' || method === 'HEAD') {
        return plans.getOrBuild(key, () =>
          withCatalog((catalog) =>
            planRead(catalog, table, withRange(parseQuery(info.url.searchParams), c.req.header('range')), {
              single: info.single,
              count: info.prefs.count !== null,
              head: method === 'HEAD',
            }),
          ),
        );
      }
      if (method !== 'POST' && method !== 'PATCH' && method !== 'DELETE') throw unsupportedMethod(method);
      const body = method === 'DELETE' ? { text: '', json: null } : await info.readBody();
      const query = parseQuery(info.url.searchParams);
      return withCatalog((catalog) =>
        planWrite(catalog, table, query, {
          method,
          prefs: info.prefs,
          single: info.single,
          bodyText: body.text,
          body: body.json,
        }),
      );
    }),
  );

  app.all('*', (c) =>
    handle(c, () => {
      throw new RestError(404, 'PGRST125', `Invalid path specified in request URL`);
    }),
  );
  return app;
}

/** `Range: 10-19` (items) pages a GET like `offset=10&limit=10` when the query string does not. */
function withRange(query: ParsedQuery, header: string | undefined): ParsedQuery {
  const match = header ? /^(?:items=)?\s*(\d{1,15})-(\d{0,15})\s*$/.exec(header) : null;
  if (!match?.[1]) return query;
  const root = query.scopes.get('') ?? emptyScope();
  if (root.limit !== null || root.offset !== null) return query;
  const first = Number(match[1]);
  const last = match[2] ? Number(match[2]) : null;
  if (last !== null && last < first) {
    throw new RestError(
      416,
      'PGRST103',
      'Requested range not satisfiable',
      `The range ${first}-${last} is empty.`,
    );
  }
  const scopes = new Map(query.scopes);
  scopes.set('', { ...root, offset: first, limit: last === null ? null : last - first + 1 });
  return { ...query, scopes };
}

function unsupportedMethod(method: string): RestError {
  return new RestError(405, 'PGRST117', `Unsupported HTTP method: ${method.slice(0, 20)}`);
}

async function readJsonBody(c: Context): Promise<{ text: string; json: unknown }> {
  const length = Number(c.req.header('content-length') ?? '0');
  if (length > MAX_BODY_BYTES) throw payloadTooLarge();
  const text = await readCappedText(c.req.raw, MAX_BODY_BYTES);
  if (text === null) throw payloadTooLarge();
  if (text.trim() === '') return { text: '{}', json: {} };
  if (nestingDepth(text) > MAX_JSON_DEPTH) {
    // Postgres parses JSON recursively: deeper documents fail with "stack depth limit exceeded".
    throw new RestError(
      400,
      'PGRST102',
      'Empty or invalid json',
      `JSON nested deeper than ${MAX_JSON_DEPTH} levels`,
    );
  }
  try {
    return { text, json: JSON.parse(text) as unknown };
  } catch {
    throw new RestError(400, 'PGRST102', 'Empty or invalid json', null, null);
  }
}

function payloadTooLarge(): RestError {
  return new RestError(
    413,
    'PGRST413',
    'Payload too large',
    `The request body is larger than ${MAX_BODY_BYTES} bytes`,
  );
}

/** The deepest nesting of arrays and objects in a JSON text (brackets inside strings ignored). */
function nestingDepth(text: string): number {
  let depth = 0;
  let max = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    if (inString) {
      if (ch === 92)
        i++; // backslash: skip the escaped character
      else if (ch === 34) inString = false;
    } else if (ch === 34) inString = true;
    else if (ch === 91 || ch === 123) max = Math.max(max, ++depth);
    else if (ch === 93 || ch === 125) depth--;
  }
  return max;
}

function send(c: Context, method: string, response: RestResponse): Response {
  const body = method === 'HEAD' || response.status === 204 ? null : response.body;
  return new Response(body, { status: response.status, headers: response.headers });
}
