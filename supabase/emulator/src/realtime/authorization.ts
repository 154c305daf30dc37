/**
 * Private channel authorisation as hosted Realtime does it (supabase/realtime: tenants/authorization.ex):
 * the joining user's RLS on `realtime.messages`, evaluated in a transaction that is always rolled back.
 *
 * - Read (at join, and again when an `access_token` push changes the token): as the database owner, one
 *   probe row per extension checked (`broadcast`, plus `presence` when the join enables presence) is
 *   inserted with the channel's topic; then the role, `realtime.topic` and the JWT claims are set
 *   transaction-locally, as hosted sets them, and the probes are selected by id: a probe the user's
 *   SELECT policies show is that extension's read permission.
 * - Write (on the first client broadcast, or the first presence track, of a private channel): with the
 *   same settings, a row is inserted as the user; the INSERT policies' verdict is the permission
 *   (42501 = denied).
 * A missing partition is hosted's `MissingPartition`; any other error from a policy is a denial
 * (hosted logs it as `RlsPolicyError` and refuses).
 */
import { randomUUID } from 'node:crypto';
import type { Engine, Queryable } from '../db/engine';
import type { ApiRole } from '../db/request-context';

export type Extension = 'broadcast' | 'presence';

export interface Claimant {
  role: ApiRole;
  claims: Record<string, unknown>;
}

export type ReadCheck =
  { ok: true; broadcast: boolean; presence: boolean | null } | { ok: false; reason: string };

const MISSING_PARTITION = 'MissingPartition: Realtime was unable to find the expected messages partition';

class Rollback extends Error {}

/** Postgres error code of a thrown driver error (pg and PGlite both expose `code`). */
function codeOf(error: unknown): string | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : undefined;
}

/** 23514 (no partition of relation found for row) is what a day without a partition raises. */
function isMissingPartition(error: unknown): boolean {
  return codeOf(error) === '23514' && /partition/i.test((error as Error).message ?? '');
}

async function setConnConfig(tx: Queryable, who: Claimant, topic: string): Promise<void> {
  const sub = typeof who.claims.sub === 'string' ? who.claims.sub : '';
  await tx.query(
    `select set_config('role', $1, true), set_config('realtime.topic', $2, true),
            set_config('request.jwt.claims', $3, true), set_config('request.jwt.claim.sub', $4, true),
            set_config('request.jwt.claim.role', $1, true), set_config('request.headers', '{}', true)`,
    [who.role, topic, JSON.stringify(who.claims), sub],
  );
}

/** Runs `fn` in a transaction that never commits; resolves to what `fn` returned. */
async function rolledBack<T>(engine: Engine, fn: (tx: Queryable) => Promise<T>): Promise<T> {
  let result: { value: T } | null = null;
  try {
    await engine.transaction(async (tx) => {
      result = { value: await fn(tx) };
      throw new Rollback();
    });
  } catch (error) {
    if (!(error instanceof Rollback)) throw error;
  }
  if (!result) throw new Error('authorisation check produced no result');
  return (result as { value: T }).value;
}

export class Authorizer {
  constructor(private readonly engine: Engine) {}

  /** Read permissions on `topic` (without the `realtime:` prefix). */
  async read(who: Claimant, topic: string, presence: boolean): Promise<ReadCheck> {
    const extensions: Extension[] = presence ? ['broadcast', 'presence'] : ['broadcast'];
    const ids = extensions.map(() => randomUUID());
    try {
      return await rolledBack(this.engine, async (tx) => {
        await tx.query(
          `insert into realtime.messages (id, topic, extension)
           select i, $2, e from unnest($1::uuid[], $3::text[]) as p(i, e)`,
          [ids, topic, extensions],
        );
        await setConnConfig(tx, who, topic);
        const { rows } = await tx.query<{ id: string }>(
          'select id::text as id from realtime.messages where id = any($1::uuid[])',
          [ids],
        );
        const seen = new Set(rows.map((r) => r.id));
        return {
          ok: true as const,
          broadcast: seen.has(ids[0] as string),
          presence: presence ? seen.has(ids[1] as string) : null,
        };
      });
    } catch (error) {
      if (isMissingPartition(error)) return { ok: false, reason: MISSING_PARTITION };
      return { ok: true, broadcast: false, presence: presence ? false : null };
    }
  }

  /** Whether the user's INSERT policies let them send `extension` messages on `topic`. */
  async write(who: Claimant, topic: string, extension: Extension): Promise<boolean> {
    try {
      return await rolledBack(this.engine, async (tx) => {
        await setConnConfig(tx, who, topic);
        try {
          await tx.query('insert into realtime.messages (topic, extension) values ($1, $2)', [
            topic,
            extension,
          ]);
          return true;
        } catch (error) {
          if (codeOf(error) === '42501') return false;
          throw error;
        }
      });
    } catch {
      return false;
    }
  }

  /**
   * The last `limit` (1 to 25) private broadcast messages of `topic` inserted since `sinceMs`, oldest
   * first, as hosted's replay reads them (realtime/messages.ex).
   */
  async replay(topic: string, sinceMs: number, limit: number): Promise<StoredMessage[]> {
    const { rows } = await this.engine.query<StoredRow>(
      `select id::text as id, topic, event, private, payload::text as payload, binary_payload
       from realtime.messages
       where topic = $1 and private is true and extension = 'broadcast'
         and inserted_at >= (to_timestamp($2::double precision / 1000) at time zone 'UTC')
         and inserted_at < (now() at time zone 'UTC') + interval '1 minute'
       order by inserted_at desc
       limit $3`,
      [topic, sinceMs, Math.max(1, Math.min(25, limit))],
    );
    return rows.map(storedMessage).reverse();
  }
}

/** A broadcast row of `realtime.messages` (or of the emulator's delivery queue). */
export interface StoredMessage {
  id: string;
  topic: string;
  event: string;
  isPrivate: boolean;
  /** The stored jsonb payload's text, or null for a binary one. */
  payloadJson: string | null;
  bytes: Uint8Array | null;
}

export interface StoredRow {
  id: string;
  topic: string;
  event: string | null;
  private: boolean | null;
  payload: string | null;
  binary_payload: Uint8Array | null;
}

export function storedMessage(row: StoredRow): StoredMessage {
  const bytes = row.binary_payload
    ? new Uint8Array(row.binary_payload.buffer, row.binary_payload.byteOffset, row.binary_payload.byteLength)
    : null;
  return {
    id: row.id,
    topic: row.topic,
    event: row.event ?? '',
    isPrivate: row.private === true,
    payloadJson: bytes ? null : (row.payload ?? 'null'),
    bytes,
  };
}
