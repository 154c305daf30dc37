/**
 * The `postgres_changes` feed: reads the capture queue after each commit's NOTIFY, deletes what it
 * read, matches every change against the subscribers' bindings and filters, runs one batched RLS
 * check for all (subscriber claims x primary key) pairs of the batch, and pushes the hosted payload
 * (supabase/realtime: lib/extensions/postgres_cdc_rls) to each channel with the ids of its matching bindings.
 */
import type { Engine } from '../db/engine';
import type { ApiRole } from '../db/request-context';
import { CHANGES_CHANNEL } from './capture-sql';
import { matchesFilter, type ReadyFilter } from './filters';
import { bindingMatches, changePayload, identityRow, type QueueRow } from './payloads';
import type { TableCatalog, TableInfo } from './tables';

export interface PgBinding {
  id: number;
  /** '*', INSERT, UPDATE or DELETE */
  event: string;
  /** '*' for any schema */
  schema: string;
  /** null for every table of the schema */
  table: string | null;
  /** All must match (empty: no filter). */
  filters: ReadyFilter[];
  /** false until the binding is validated, and for bindings that failed validation */
  active: boolean;
}

export interface PostgresSubscriber {
  readonly bindings: readonly PgBinding[];
  readonly role: ApiRole;
  readonly claims: Record<string, unknown>;
  /** Pushes `{"ids": ids, "data": <dataJson>}`; the data is serialised once for all recipients. */
  pushChange(ids: number[], dataJson: string): void;
}

interface Recipient {
  subscriber: PostgresSubscriber;
  ids: number[];
  /** index into the check list and key list when this recipient's visibility needs the database */
  check?: { group: string; key: number };
}

const BATCH = 500;
/** Capture stays on this long after the last postgres_changes subscriber left (and a table this long after the last binding on it). */
const CAPTURE_IDLE_MS = 30_000;

/** The `schema.table` names bindings need captured; null when one names a whole schema (or any schema). */
export function capturedTables(bindings: Iterable<Pick<PgBinding, 'schema' | 'table'>>): string[] | null {
  const tables = new Set<string>();
  for (const { schema, table } of bindings) {
    if (schema === '*' || table === null) return null;
    tables.add(`${schema}.${table}`);
  }
  return [...tables];
}

export class ChangeFeed {
  private draining: Promise<void> | null = null;
  private again = false;
  private closed = false;
  private unlisten: (() => Promise<void>) | null = null;
  private timer: NodeJS.Timeout | null = null;
  private active = false;
  private switching: Promise<void> = Promise.resolve();
  private lastSubscriberAt = 0;
  /** What the capture switch was last set to: null for every table. */
  private tables: Set<string> | null = new Set();
  /** When a binding last asked for each table (joins ask before their channel is listed). */
  private readonly tableAskedAt = new Map<string, number>();
  private allTablesAskedAt = 0;

  constructor(
    private readonly engine: Engine,
    private readonly catalog: TableCatalog,
    private readonly subscribers: () => Iterable<PostgresSubscriber>,
    private readonly log: (line: string) => void,
  ) {}

  async start(): Promise<void> {
    await this.engine.query('update realtime.emulator_capture_state set active = false');
    this.unlisten = await this.engine.listen(CHANGES_CHANNEL, () => this.schedule());
    // A safety net for a missed NOTIFY (the queue is normally empty, so this is one cheap query), and
    // the switch that stops capture after a while without subscribers.
    this.timer = setInterval(() => {
      this.schedule();
      void this.maybeDeactivate();
    }, 2_000);
    this.timer.unref();
    this.schedule();
  }

  /**
   * Turns capture on for the tables of a join's bindings (null: every table); resolves once their
   * writes are queued (called before a postgres_changes join reply).
   */
  async activate(tables: string[] | null): Promise<void> {
    const now = Date.now();
    this.lastSubscriberAt = now;
    if (tables === null) this.allTablesAskedAt = now;
    else for (const table of tables) this.tableAskedAt.set(table, now);
    const missing = this.tables !== null && (tables === null || tables.some((t) => !this.tables?.has(t)));
    if (!this.active || missing) {
      this.active = true;
      this.tables = tables === null || this.tables === null ? null : new Set([...this.tables, ...tables]);
      this.switching = this.setCapture(true, this.tables);
    }
    await this.switching;
  }

  private async maybeDeactivate(): Promise<void> {
    if (!this.active || this.closed) return;
    const bindings: PgBinding[] = [];
    for (const subscriber of this.subscribers()) bindings.push(...subscriber.bindings);
    const now = Date.now();
    if (bindings.length > 0) {
      this.lastSubscriberAt = now;
      await this.narrow(capturedTables(bindings), now);
      return;
    }
    if (now - this.lastSubscriberAt < CAPTURE_IDLE_MS) return;
    this.active = false;
    this.tables = new Set();
    this.tableAskedAt.clear();
    this.switching = this.setCapture(false, this.tables);
    await this.switching;
  }

  /** Stops capturing tables no binding has named for a while (a join asks before it is listed). */
  private async narrow(listed: string[] | null, now: number): Promise<void> {
    if (listed === null) this.allTablesAskedAt = now;
    else for (const table of listed) this.tableAskedAt.set(table, now);
    for (const [table, at] of this.tableAskedAt) {
      if (now - at >= CAPTURE_IDLE_MS) this.tableAskedAt.delete(table);
    }
    const wanted = now - this.allTablesAskedAt < CAPTURE_IDLE_MS ? null : new Set(this.tableAskedAt.keys());
    const same =
      wanted === null
        ? this.tables === null
        : this.tables !== null &&
          wanted.size === this.tables.size &&
          [...wanted].every((t) => this.tables?.has(t));
    if (same) return;
    this.tables = wanted;
    this.switching = this.setCapture(true, wanted);
    await this.switching;
  }

  /** Switches run one after another, so on a connection pool the last one wins. */
  private setCapture(on: boolean, tables: ReadonlySet<string> | null): Promise<void> {
    const list = tables === null ? null : [...tables].sort();
    return this.switching.then(() =>
      this.engine
        .query('update realtime.emulator_capture_state set active = $1, tables = $2::text[]', [on, list])
        .then(() => undefined)
        .catch((error: unknown) => this.log(`realtime: capture switch failed: ${(error as Error).message}`)),
    );
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.timer) clearInterval(this.timer);
    await this.draining;
    await this.switching;
    await this.engine
      .query('update realtime.emulator_capture_state set active = false')
      .catch(() => undefined);
    await this.unlisten?.().catch(() => undefined);
  }

  /** Resolves once everything queued so far has been delivered (tests, benchmarks). */
  async flush(): Promise<void> {
    this.schedule();
    while (this.draining) await this.draining;
  }

  schedule(): void {
    if (this.closed) return;
    if (this.draining) {
      this.again = true;
      return;
    }
    this.draining = this.run().finally(() => {
      this.draining = null;
    });
  }

  private async run(): Promise<void> {
    do {
      this.again = false;
      try {
        const more = await this.drainOnce();
        if (more) this.again = true;
      } catch (error) {
        if (!this.closed) this.log(`realtime: change delivery failed: ${(error as Error).message}`);
      }
    } while (this.again && !this.closed);
  }

  private async drainOnce(): Promise<boolean> {
    const { rows } = await this.engine.query<QueueRow>(
      `delete from realtime.emulator_changes
       where id in (select id from realtime.emulator_changes order by id limit ${BATCH})
       returning id, schema_name, table_name, op, record, old_record,
         to_char(changed_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as ts`,
    );
    if (rows.length === 0) return false;
    rows.sort((a, b) => Number(a.id) - Number(b.id));
    const subscribers = [...this.subscribers()];
    if (subscribers.length > 0) await this.deliver(rows, subscribers);
    return rows.length === BATCH;
  }

  /** One checker call for one table's (claims, keys) groups; adds the visible `group#key`s to `visible`. */
  private async checkTable(groups: [string, Check][], visible: Set<string>): Promise<void> {
    const info = groups[0]?.[1].info;
    if (!info) return;
    const payload = JSON.stringify(groups.map(([, c]) => ({ role: c.role, claims: c.claims, keys: c.keys })));
    const { rows } = await this.catalog.runChecker(info, payload);
    for (const { check_index, key_index } of rows) {
      const group = groups[check_index]?.[0];
      if (group) visible.add(`${group}#${key_index}`);
    }
  }

  private async deliver(rows: QueueRow[], subscribers: PostgresSubscriber[]): Promise<void> {
    const events: { row: QueueRow; info: TableInfo; recipients: Recipient[] }[] = [];
    const checks = new Map<string, Check & { index: Map<string, number> }>();

    for (const row of rows) {
      const info = await this.catalog.get(row.schema_name, row.table_name);
      if (!info) continue;
      const filterRow = row.op === 'DELETE' ? identityRow(info, row.old_record, false) : row.record;
      const recipients: Recipient[] = [];
      for (const subscriber of subscribers) {
        const ids = subscriber.bindings
          .filter(
            (b) => bindingMatches(b, info, row.op) && b.filters.every((f) => matchesFilter(f, filterRow)),
          )
          .map((b) => b.id);
        if (ids.length === 0) continue;
        const recipient: Recipient = { subscriber, ids };
        const needsCheck =
          row.op !== 'DELETE' &&
          info.rls &&
          subscriber.role !== 'service_role' &&
          info.primaryKey.length > 0 &&
          row.record !== null;
        if (needsCheck && row.record) {
          const pk = Object.fromEntries(info.primaryKey.map((k) => [k, row.record?.[k] ?? null]));
          const group = `${subscriber.role}|${JSON.stringify(subscriber.claims)}|${info.schema}.${info.table}`;
          let check = checks.get(group);
          if (!check) {
            check = {
              info,
              role: subscriber.role,
              claims: JSON.stringify(subscriber.claims),
              keys: [],
              index: new Map(),
            };
            checks.set(group, check);
          }
          const pkKey = JSON.stringify(pk);
          let key = check.index.get(pkKey);
          if (key === undefined) {
            key = check.keys.length;
            check.keys.push(pk);
            check.index.set(pkKey, key);
          }
          recipient.check = { group, key };
        }
        recipients.push(recipient);
      }
      if (recipients.length > 0) events.push({ row, info, recipients });
    }
    if (events.length === 0) return;

    // Each table's RLS check runs when delivery reaches the table's first event, so the events before
    // it go out without waiting for it (a pushed workout is not held back by the check of the feed
    // activity its trigger wrote after it); events still leave in the queue's order, as the WAL's.
    const byTable = new Map<number, [string, Check][]>();
    for (const entry of checks) {
      const list = byTable.get(entry[1].info.oid) ?? [];
      list.push(entry);
      byTable.set(entry[1].info.oid, list);
    }
    const visible = new Set<string>();
    for (const { row, info, recipients } of events) {
      const groups = byTable.get(info.oid);
      if (groups) {
        byTable.delete(info.oid);
        await this.checkTable(groups, visible);
      }
      const byRole = new Map<ApiRole, string>();
      for (const recipient of recipients) {
        if (recipient.check && !visible.has(`${recipient.check.group}#${recipient.check.key}`)) continue;
        const role = recipient.subscriber.role;
        let data = byRole.get(role);
        if (data === undefined) {
          data = JSON.stringify(changePayload(row, info, role));
          byRole.set(role, data);
        }
        recipient.subscriber.pushChange(recipient.ids, data);
      }
    }
  }
}

type Check = { info: TableInfo; role: ApiRole; claims: string; keys: Record<string, unknown>[] };
