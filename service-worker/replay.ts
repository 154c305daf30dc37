/**
 * One replay pass over the write queue, oldest first.
 *
 * Per entry: pick the freshest token of the entry's user, send, and act on the replay policy. A transient
 * failure keeps the entry and stops that user's pass (later writes must not overtake it); a network error
 * stops the whole pass. A 401 is retried once when the page stored a different token meanwhile, otherwise
 * the user's entries wait for the page (QUEUE_NEEDS_TOKEN). Applied entries are removed; refused ones are
 * removed and recorded in one transaction. A user's entries are sent only while that user is signed in
 * (queue-entry.ts pickAuthorization): never as someone else, never after their sign-out.
 */
import type { QueueOutcome, ReplaySummary, WorkerToPageMessage } from './protocol';
import type { QueueDb } from './queue-db';
import { pickAuthorization, requestFromEntry, WAIT_FOR_USER, type QueueEntry } from './queue-entry';
import { classifyReplay, type ReplayResult } from './replay-policy';

const MAX_STORED_BODY = 4096;

export interface SettledResponse {
  status: number;
  body: string;
  contentType: string | null;
}

export interface ReplayDeps {
  db: QueueDb;
  fetch: (request: Request) => Promise<Response>;
  now: () => number;
  notify: (message: WorkerToPageMessage) => void | Promise<void>;
}

export interface ReplayPass extends ReplaySummary {
  /** What the server answered for each entry applied or refused in this pass, by entry id. */
  settled: Map<string, SettledResponse>;
}

interface Sent {
  result: ReplayResult;
  response: SettledResponse | null;
}

async function send(deps: ReplayDeps, entry: QueueEntry, authorization: string | null): Promise<Sent> {
  try {
    const response = await deps.fetch(requestFromEntry(entry, authorization));
    const body = await response.text();
    return {
      result: { kind: 'response', status: response.status },
      response: { status: response.status, body, contentType: response.headers.get('content-type') },
    };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return { result: { kind: 'network-error', message }, response: null };
  }
}

export async function replayQueue(deps: ReplayDeps): Promise<ReplayPass> {
  const pass: ReplayPass = {
    applied: 0,
    rejected: 0,
    remaining: 0,
    retryLater: false,
    waitingForToken: false,
    settled: new Map(),
  };
  const entries = await deps.db.list();
  const stoppedUsers = new Set<string | null>();
  let offline = false;

  for (const entry of entries) {
    if (offline || stoppedUsers.has(entry.userId) || entry.seq === undefined) continue;
    let authorization = pickAuthorization(entry, await deps.db.readSession());
    if (authorization === WAIT_FOR_USER) {
      // Its user is signed out (or someone else is signed in): keep it for that user's next sign-in.
      if (!entry.waitingForToken) await deps.db.update({ ...entry, waitingForToken: true });
      stoppedUsers.add(entry.userId);
      pass.waitingForToken = true;
      continue;
    }
    let sent = await send(deps, entry, authorization);
    let decision = classifyReplay(sent.result);
    if (decision === 'unauthorized') {
      // The page may have stored a fresher token while this request was in flight.
      const fresher = pickAuthorization(entry, await deps.db.readSession());
      if (fresher !== WAIT_FOR_USER && fresher !== authorization) {
        authorization = fresher;
        sent = await send(deps, entry, authorization);
        decision = classifyReplay(sent.result);
      }
    }

    const now = deps.now();
    const status = sent.result.kind === 'response' ? sent.result.status : null;
    if (decision === 'applied' || decision === 'rejected') {
      const response = sent.response ?? { status: 0, body: '', contentType: null };
      const outcome: QueueOutcome = {
        id: entry.id,
        rpc: entry.rpc,
        userId: entry.userId,
        result: decision,
        status: response.status,
        body: decision === 'rejected' ? response.body.slice(0, MAX_STORED_BODY) : '',
        queuedAt: entry.queuedAt,
        settledAt: now,
      };
      if (decision === 'applied') {
        await deps.db.remove(entry.seq);
        pass.applied += 1;
      } else {
        await deps.db.reject(entry.seq, {
          id: entry.id,
          rpc: entry.rpc,
          userId: entry.userId,
          status: outcome.status,
          body: outcome.body,
          requestBody: entry.body.slice(0, MAX_STORED_BODY),
          queuedAt: entry.queuedAt,
          settledAt: now,
        });
        pass.rejected += 1;
      }
      pass.settled.set(entry.id, response);
      await deps.notify({ type: 'QUEUE_OUTCOME', outcome });
      continue;
    }

    await deps.db.update({
      ...entry,
      attempts: entry.attempts + 1,
      lastAttemptAt: now,
      lastStatus: status,
      lastError: sent.result.kind === 'network-error' ? sent.result.message : `HTTP ${String(status)}`,
      waitingForToken: decision === 'unauthorized',
    });
    stoppedUsers.add(entry.userId);
    if (decision === 'unauthorized') {
      pass.waitingForToken = true;
      await deps.notify({ type: 'QUEUE_NEEDS_TOKEN', userId: entry.userId });
    } else {
      pass.retryLater = true;
      if (sent.result.kind === 'network-error') offline = true;
    }
  }

  pass.remaining = (await deps.db.list()).length;
  if (pass.applied + pass.rejected > 0) await deps.notify({ type: 'QUEUE_CHANGED', size: pass.remaining });
  return pass;
}
