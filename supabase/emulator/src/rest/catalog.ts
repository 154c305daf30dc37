/**
 * The REST schema cache: which relations, columns, foreign keys and functions schema `public` has.
 * Every identifier a request names is checked against it before it is quoted into SQL.
 *
 * Loaded lazily with the superuser connection, kept until a request names a relation or function it
 * does not know (then reloaded once: tables created after start appear without a restart), and
 * reloaded on `NOTIFY pgrst, 'reload schema'` like PostgREST. `version` changes on every reload so
 * cached plans built on an older catalog are not reused.
 */
import type { Engine } from '../db/engine';
import { CONSTRAINTS_SQL, FINGERPRINT_SQL, FUNCTIONS_SQL, RELATIONS_SQL, TYPES_SQL } from './catalog-queries';

export interface Column {
  name: string;
  /** format_type() of the column: the SQL spelling of its type. */
  type: string;
  notNull: boolean;
  hasDefault: boolean;
  generated: boolean;
}

export interface Relation {
  name: string;
  kind: 'table' | 'view';
  columns: Map<string, Column>;
  primaryKey: string[];
}

export interface ForeignKey {
  name: string;
  table: string;
  columns: string[];
  refTable: string;
  refColumns: string[];
}

export interface FunctionArg {
  name: string;
  type: string;
  hasDefault: boolean;
}

export interface FunctionInfo {
  name: string;
  args: FunctionArg[];
  returnsSet: boolean;
  returnType: string;
  /** void, a scalar (base, domain, enum, range), or rows with columns. */
  returnKind: 'void' | 'scalar' | 'rows';
  /** For rows: the table or view in public whose row type it returns (embedding works from it). */
  returnRelation: string | null;
  returnColumns: Map<string, Column>;
  volatility: 'i' | 's' | 'v';
}

export interface Catalog {
  version: number;
  /** FINGERPRINT_SQL's value when this catalog was read. */
  fingerprint: string;
  relations: Map<string, Relation>;
  foreignKeys: ForeignKey[];
  functions: Map<string, FunctionInfo[]>;
  /** Lower-case type name or alias -> SQL spelling. */
  types: Map<string, string>;
}

const TYPE_ALIASES: Record<string, string> = {
  integer: 'int4',
  int: 'int4',
  smallint: 'int2',
  bigint: 'int8',
  boolean: 'bool',
  real: 'float4',
  float: 'float8',
  'double precision': 'float8',
  decimal: 'numeric',
  'character varying': 'varchar',
  character: 'bpchar',
  char: 'bpchar',
  'timestamp with time zone': 'timestamptz',
  'timestamp without time zone': 'timestamp',
  'time with time zone': 'timetz',
  'time without time zone': 'time',
};

interface RelationRow {
  rel: string;
  kind: string;
  col: string | null;
  type: string | null;
  not_null: boolean | null;
  has_default: boolean | null;
  generated: boolean | null;
}

interface ConstraintRow {
  name: string;
  type: string;
  rel: string;
  ref_rel: string | null;
  cols: string[];
  ref_cols: string[];
}

interface FunctionRow {
  name: string;
  nargs: number;
  ndefaults: number;
  returns_set: boolean;
  ret_type: string;
  ret_typtype: string;
  volatility: string;
  arg_names: string[];
  arg_modes: string[];
  arg_types: string[];
  ret_relation: string | null;
  ret_columns: Array<{ name: string; type: string }> | string;
}

let nextVersion = 1;

async function fingerprint(engine: Engine): Promise<string> {
  const { rows } = await engine.query<{ fingerprint: string }>(FINGERPRINT_SQL);
  return rows[0]?.fingerprint ?? '';
}

async function loadCatalog(engine: Engine): Promise<Catalog> {
  const print = await fingerprint(engine);
  const [rels, cons, fns, types] = [
    await engine.query<RelationRow>(RELATIONS_SQL),
    await engine.query<ConstraintRow>(CONSTRAINTS_SQL),
    await engine.query<FunctionRow>(FUNCTIONS_SQL),
    await engine.query<{ name: string; sql: string }>(TYPES_SQL),
  ];
  const relations = new Map<string, Relation>();
  for (const row of rels.rows) {
    let rel = relations.get(row.rel);
    if (!rel) {
      rel = {
        name: row.rel,
        kind: row.kind === 'v' || row.kind === 'm' ? 'view' : 'table',
        columns: new Map(),
        primaryKey: [],
      };
      relations.set(row.rel, rel);
    }
    if (row.col !== null) {
      rel.columns.set(row.col, {
        name: row.col,
        type: row.type ?? 'text',
        notNull: row.not_null === true,
        hasDefault: row.has_default === true,
        generated: row.generated === true,
      });
    }
  }
  const foreignKeys: ForeignKey[] = [];
  for (const row of cons.rows) {
    if (row.type === 'p') {
      const rel = relations.get(row.rel);
      if (rel) rel.primaryKey = row.cols;
    } else if (row.ref_rel !== null) {
      foreignKeys.push({
        name: row.name,
        table: row.rel,
        columns: row.cols,
        refTable: row.ref_rel,
        refColumns: row.ref_cols,
      });
    }
  }
  const functions = new Map<string, FunctionInfo[]>();
  for (const row of fns.rows) {
    const info = toFunctionInfo(row, relations);
    const list = functions.get(info.name) ?? [];
    list.push(info);
    functions.set(info.name, list);
  }
  const typeMap = new Map<string, string>();
  for (const row of types.rows) typeMap.set(row.name.toLowerCase(), row.sql);
  for (const [alias, name] of Object.entries(TYPE_ALIASES)) {
    const sql = typeMap.get(name);
    if (sql) typeMap.set(alias, sql);
  }
  return { version: nextVersion++, fingerprint: print, relations, foreignKeys, functions, types: typeMap };
}

function toFunctionInfo(row: FunctionRow, relations: Map<string, Relation>): FunctionInfo {
  const modes = row.arg_modes.length > 0 ? row.arg_modes : row.arg_types.map(() => 'i');
  const inputs: FunctionArg[] = [];
  const outputs = new Map<string, Column>();
  row.arg_types.forEach((type, i) => {
    const mode = modes[i] ?? 'i';
    const name = row.arg_names[i] ?? '';
    if (mode === 'i' || mode === 'b' || mode === 'v') inputs.push({ name, type, hasDefault: false });
    if (mode === 'o' || mode === 'b' || mode === 't') outputs.set(name, column(name, type));
  });
  // The last `pronargdefaults` input arguments have defaults.
  inputs.forEach((arg, i) => {
    arg.hasDefault = i >= inputs.length - row.ndefaults;
  });
  let returnKind: FunctionInfo['returnKind'] = 'scalar';
  let returnColumns = outputs;
  if (row.ret_type === 'void') returnKind = 'void';
  else if (outputs.size > 0) returnKind = 'rows';
  else if (row.ret_typtype === 'c') {
    returnKind = 'rows';
    const cols: Array<{ name: string; type: string }> =
      typeof row.ret_columns === 'string'
        ? (JSON.parse(row.ret_columns) as Array<{ name: string; type: string }>)
        : row.ret_columns;
    returnColumns = new Map(cols.map((c) => [c.name, column(c.name, c.type)]));
    const rel = row.ret_relation ? relations.get(row.ret_relation) : undefined;
    if (rel) returnColumns = rel.columns;
  }
  return {
    name: row.name,
    args: inputs,
    returnsSet: row.returns_set,
    returnType: row.ret_type,
    returnKind,
    returnRelation: returnKind === 'rows' ? row.ret_relation : null,
    returnColumns,
    volatility: row.volatility === 'i' || row.volatility === 's' ? row.volatility : 'v',
  };
}

function column(name: string, type: string): Column {
  return { name, type, notNull: false, hasDefault: false, generated: false };
}

export interface CatalogCache {
  get(): Promise<Catalog>;
  /**
   * After a miss: reloads if the schema changed since `staleVersion` was read (checked with one
   * fingerprint query), else returns the same catalog. Concurrent callers share one check.
   */
  refresh(staleVersion: number): Promise<Catalog>;
}

export function createCatalogCache(engine: Engine, log: (line: string) => void): CatalogCache {
  let current: Catalog | null = null;
  let loading: Promise<Catalog> | null = null;
  let checking: Promise<Catalog> | null = null;
  let listening = false;

  const reload = (): Promise<Catalog> => {
    loading ??= loadCatalog(engine)
      .then((catalog) => {
        current = catalog;
        return catalog;
      })
      .finally(() => {
        loading = null;
      });
    return loading;
  };

  const listenForReloads = () => {
    if (listening) return;
    listening = true;
    engine
      .listen('pgrst', (payload) => {
        if (payload.includes('reload schema') || payload === '') void reload().catch(() => undefined);
      })
      .catch((error: unknown) => log(`rest: cannot listen for schema reloads: ${String(error)}`));
  };

  return {
    async get() {
      listenForReloads();
      return current ?? reload();
    },
    async refresh(staleVersion) {
      if (current && current.version > staleVersion) return current;
      const known = current;
      if (!known) return reload();
      checking ??= fingerprint(engine)
        .then((print) => (print === known.fingerprint ? known : reload()))
        .finally(() => {
          checking = null;
        });
      return checking;
    },
  };
}
