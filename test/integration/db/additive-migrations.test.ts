/**
 * Migrations are additive: an installed app that has not updated yet keeps reading what it read before
 * (Actual Budget's migration test, in Spotter's terms). The migrations are replayed in order on PGlite from
 * an empty database, and after each one the catalogue of what clients can reach is compared with the one
 * before: every column of a public table or view, and every public function (PostgREST RPC) with its
 * arguments, whether it returns a set, and its result columns, must still exist with the same type. New
 * columns, functions, overloads and result columns are fine; so are changed bodies. A JSON key's position
 * is not part of the contract (PostgREST answers objects; clients read them by key).
 *
 * The private and request_guard schemas are not reachable through the API, so they may change freely.
 * ALLOWED lists the non-additive changes already shipped, each with its reason; a new one fails this test.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { openEngine, type Engine, type Queryable } from '../../../supabase/emulator/src/db/engine';
import { applySchema } from '../../../supabase/emulator/src/db/migrate';

/**
 * The non-additive changes already made, by migration, exactly as this test words them. Every entry must
 * still happen (a stale entry fails too), so the list cannot hide a later change.
 */
const ALLOWED: Record<string, { reason: string; changes: string[] }> = {
  '20261121100900_replication_and_grants': {
    reason:
      'The first schema: 20261121100000 to 20261121101000 were applied together before any client shipped, and ' +
      'this one finished their grants. Until it ran, anon could execute the RPCs of 20261121100600 and 100700 ' +
      "only through Supabase's default privileges; each of them refuses a caller without a user (SPA01).",
    changes: [
      'function add_friend_by_handle(p_handle text): anon may no longer execute it',
      'function cancel_friend_request(p_request_id text): anon may no longer execute it',
      'function check_in(p_id text, p_gym_id text, p_at timestamp with time zone): anon may no longer execute it',
      'function check_out(p_check_in_id text, p_at timestamp with time zone): anon may no longer execute it',
      'function complete_daily_challenge(p_challenge_id text): anon may no longer execute it',
      'function confirm_rest_day(p_day date): anon may no longer execute it',
      'function delete_all_notifications(): anon may no longer execute it',
      'function discover_people(p_limit integer, p_offset integer, p_search text): anon may no longer execute it',
      'function export_my_data(): anon may no longer execute it',
      'function flex_activity(p_id text, p_activity_id text): anon may no longer execute it',
      'function get_feed(p_limit integer, p_before_created_at timestamp with time zone, p_before_id text): anon may no longer execute it',
      'function get_friends_at_gym(p_gym_id text): anon may no longer execute it',
      'function list_user_friends_with_status(p_target_user_id uuid, p_limit integer, p_offset integer, p_search text): anon may no longer execute it',
      'function mark_all_notifications_read(): anon may no longer execute it',
      'function push_user_settings(p_rows jsonb): anon may no longer execute it',
      'function push_workouts(p_rows jsonb): anon may no longer execute it',
      'function refresh_my_progress(): anon may no longer execute it',
      'function remove_friend(p_friend_id uuid): anon may no longer execute it',
      'function request_join_workout(p_id text, p_workout_id text, p_replace_workout_id text): anon may no longer execute it',
      'function respond_friend_request(p_request_id text, p_accept boolean): anon may no longer execute it',
      'function respond_join_request(p_request_id text, p_accept boolean): anon may no longer execute it',
      'function send_friend_request(p_receiver_id uuid): anon may no longer execute it',
      'function set_home_gyms(p_gym_ids text[]): anon may no longer execute it',
    ],
  },
};

interface FunctionContract {
  /** Which of the API roles may execute it. */
  callers: string[];
  /** How many trailing arguments have defaults (fewer means a client that left one out now fails). */
  defaults: number;
  set: boolean;
  /** Result column name -> type; a scalar result is the one column ''. */
  result: Map<string, string>;
}

interface Catalogue {
  /** "table.column" -> type, for every column of a table or view in public. */
  columns: Map<string, string>;
  /** "table.column" -> the API roles that may select it. */
  readers: Map<string, string[]>;
  /** "name(arguments)" -> contract, for every function in public (PostgREST calls them by argument names). */
  functions: Map<string, FunctionContract>;
}

async function readCatalogue(db: Queryable): Promise<Catalogue> {
  const columns = await db.query<{ name: string; type: string; readers: string[] }>(
    `select c.relname || '.' || a.attname as name, pg_catalog.format_type(a.atttypid, a.atttypmod) as type,
            array(select r from unnest(array['anon', 'authenticated']) as r
                  where pg_catalog.has_column_privilege(r, c.oid, a.attnum, 'SELECT') order by r) as readers
     from pg_catalog.pg_attribute a
     join pg_catalog.pg_class c on c.oid = a.attrelid
     join pg_catalog.pg_namespace n on n.oid = c.relnamespace
     where n.nspname = 'public' and c.relkind in ('r', 'p', 'v', 'm', 'f') and a.attnum > 0 and not a.attisdropped`,
  );
  const functions = await db.query<{
    signature: string;
    callers: string[];
    defaults: number;
    set: boolean;
    arg_names: string[];
    arg_modes: string[];
    arg_types: string[];
    return_type: string;
    return_columns: string[];
    return_column_types: string[];
  }>(
    `select p.proname || '(' || pg_catalog.pg_get_function_identity_arguments(p.oid) || ')' as signature,
            array(select r from unnest(array['anon', 'authenticated']) as r
                  where pg_catalog.has_function_privilege(r, p.oid, 'EXECUTE') order by r) as callers,
            p.pronargdefaults::int as defaults, p.proretset as set,
            coalesce(p.proargnames, '{}') as arg_names, coalesce(p.proargmodes::text[], '{}') as arg_modes,
            array(select pg_catalog.format_type(u.t, null)
                  from unnest(p.proallargtypes) with ordinality as u(t, i) order by u.i) as arg_types,
            pg_catalog.format_type(p.prorettype, null) as return_type,
            array(select a.attname from pg_catalog.pg_attribute a
                  where a.attrelid = rt.typrelid and a.attnum > 0 and not a.attisdropped order by a.attnum)
              as return_columns,
            array(select pg_catalog.format_type(a.atttypid, a.atttypmod) from pg_catalog.pg_attribute a
                  where a.attrelid = rt.typrelid and a.attnum > 0 and not a.attisdropped order by a.attnum)
              as return_column_types
     from pg_catalog.pg_proc p
     join pg_catalog.pg_namespace n on n.oid = p.pronamespace
     join pg_catalog.pg_type rt on rt.oid = p.prorettype
     where n.nspname = 'public'`,
  );
  const catalogue: Catalogue = {
    columns: new Map(columns.rows.map((row) => [row.name, row.type])),
    readers: new Map(columns.rows.map((row) => [row.name, row.readers])),
    functions: new Map(),
  };
  for (const fn of functions.rows) {
    const result = new Map<string, string>();
    // returns table (...) or out parameters: the columns are the function's own "t"/"o"/"b" arguments.
    fn.arg_modes.forEach((mode, i) => {
      if (mode === 't' || mode === 'o' || mode === 'b')
        result.set(fn.arg_names[i] ?? '', fn.arg_types[i] ?? '');
    });
    if (result.size === 0) {
      // returns a row type (a table's, or a composite type): its attributes; otherwise one scalar.
      if (fn.return_columns.length > 0) {
        fn.return_columns.forEach((name, i) => result.set(name, fn.return_column_types[i] ?? ''));
      } else {
        result.set('', fn.return_type);
      }
    }
    catalogue.functions.set(fn.signature, {
      callers: fn.callers,
      defaults: fn.defaults,
      set: fn.set,
      result,
    });
  }
  return catalogue;
}

/** What a client of `before` would miss in `after`. */
function removals(before: Catalogue, after: Catalogue): string[] {
  const found: string[] = [];
  for (const [column, type] of before.columns) {
    const now = after.columns.get(column);
    if (now === undefined) found.push(`column ${column} (${type}) is gone`);
    else if (now !== type) found.push(`column ${column} changed type: ${type} -> ${now}`);
    for (const role of before.readers.get(column) ?? []) {
      if (now !== undefined && !after.readers.get(column)?.includes(role)) {
        found.push(`column ${column}: ${role} may no longer select it`);
      }
    }
  }
  for (const [signature, contract] of before.functions) {
    const now = after.functions.get(signature);
    if (now === undefined) {
      found.push(`function ${signature} is gone`);
      continue;
    }
    for (const role of contract.callers) {
      if (!now.callers.includes(role)) found.push(`function ${signature}: ${role} may no longer execute it`);
    }
    if (now.defaults < contract.defaults) {
      found.push(`function ${signature}: arguments with defaults ${contract.defaults} -> ${now.defaults}`);
    }
    if (now.set !== contract.set) {
      found.push(`function ${signature}: returns ${now.set ? 'a set' : 'one value'} now`);
    }
    for (const [column, type] of contract.result) {
      const nowType = now.result.get(column);
      const label = column === '' ? 'result' : `result column ${column}`;
      if (nowType === undefined) found.push(`function ${signature}: ${label} (${type}) is gone`);
      else if (nowType !== type)
        found.push(`function ${signature}: ${label} changed type: ${type} -> ${nowType}`);
    }
  }
  return found;
}

let engine: Engine | null = null;
beforeAll(async () => {
  engine = await openEngine();
});
afterAll(async () => {
  await engine?.close();
});

it(
  'every migration is additive for the API: no public column, function or result column removed or retyped',
  { timeout: 180_000 },
  async () => {
    if (!engine) throw new Error('PGlite is not open');
    const db = engine;
    let previous: Catalogue = { columns: new Map(), readers: new Map(), functions: new Map() };
    const unexpected: Record<string, string[]> = {};
    const seen: Record<string, string[]> = {};
    const { applied } = await applySchema(db, {
      seed: false,
      onApplied: async (migration) => {
        const current = await readCatalogue(db);
        const changes = removals(previous, current).sort();
        if (changes.length > 0) seen[migration] = changes;
        const allowed = new Set(ALLOWED[migration]?.changes ?? []);
        const left = changes.filter((change) => !allowed.has(change));
        if (left.length > 0) unexpected[migration] = left;
        previous = current;
      },
    });
    expect(applied.length).toBeGreaterThan(30);
    expect(previous.functions.size).toBeGreaterThan(30);
    expect(
      unexpected,
      'a migration removed or retyped what clients read: add instead (a new column, function or overload), ' +
        'or list it in ALLOWED with the reason old clients are not hurt',
    ).toEqual({});
    expect(seen, 'ALLOWED lists exactly the changes the migrations make').toEqual(
      Object.fromEntries(Object.entries(ALLOWED).map(([migration, entry]) => [migration, entry.changes])),
    );
  },
);
