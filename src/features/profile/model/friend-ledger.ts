// What the pending-writes ledger says about friends (src/db/commands/friends.ts): requests by handle still
// on their way (the outgoing list shows them until the server answers), friends whose removal is on its
// way (the list hides them), and refusals that came back later, each with the spec's message as a key
// of the `friends` namespace. The server raises stable SQLSTATEs (docs/database.md).
import type { FailedWrite, PendingState } from '@/db/pending-writes';

export type FriendAction = 'send' | 'respond' | 'cancel' | 'remove';

const ACTION_OF: Readonly<Record<string, FriendAction>> = {
  add_friend_by_handle: 'send',
  send_friend_request: 'send',
  respond_friend_request: 'respond',
  cancel_friend_request: 'cancel',
  remove_friend: 'remove',
};

export type FriendReasonKey =
  | 'errors.self'
  | 'errors.alreadyFriends'
  | 'errors.requestExists'
  | 'errors.friendLimit'
  | 'errors.userNotFound'
  | 'errors.sendFailed'
  | 'errors.requestGone'
  | 'errors.respondFailed'
  | 'errors.cancelFailed'
  | 'errors.removeFailed';

const BY_CODE: Readonly<Record<string, FriendReasonKey>> = {
  SPF01: 'errors.self',
  SPF02: 'errors.alreadyFriends',
  SPF03: 'errors.requestExists',
  SPF04: 'errors.userNotFound',
  SPF05: 'errors.requestGone',
  SPF07: 'errors.requestGone',
  SPF09: 'errors.friendLimit',
};

const FALLBACK: Readonly<Record<FriendAction, FriendReasonKey>> = {
  send: 'errors.sendFailed',
  respond: 'errors.respondFailed',
  cancel: 'errors.cancelFailed',
  remove: 'errors.removeFailed',
};

/** The message of a refusal: a known one of the spec, else the action's generic failure. */
export function friendReasonKey(action: FriendAction, code: string): FriendReasonKey {
  return BY_CODE[code] ?? FALLBACK[action];
}

export interface FriendRefusal {
  key: string;
  action: FriendAction;
  /** The handle a request by handle was sent to; null for the other actions. */
  handle: string | null;
  reason: FriendReasonKey;
  at: string;
}

export interface QueuedSend {
  key: string;
  id: string;
  handle: string;
  since: string;
}

const actionOf = (write: Pick<FailedWrite, 'request'>): FriendAction | null =>
  write.request?.type === 'rpc' ? (ACTION_OF[write.request.fn] ?? null) : null;

const handleOf = (write: Pick<FailedWrite, 'request'>): string | null => {
  const handle = write.request?.type === 'rpc' ? write.request.args.p_handle : null;
  return typeof handle === 'string' ? handle : null;
};

export function friendRefusals(failed: readonly FailedWrite[]): FriendRefusal[] {
  const out: FriendRefusal[] = [];
  for (const write of failed) {
    const action = actionOf(write);
    if (action === null) continue;
    out.push({
      key: write.key,
      action,
      handle: handleOf(write),
      reason: friendReasonKey(action, write.error.code),
      at: write.error.at,
    });
  }
  return out;
}

export interface PendingFriendWrites {
  queuedSends: QueuedSend[];
  /** Friends whose removal is on its way. */
  removing: ReadonlySet<string>;
}

export function pendingFriendWrites(state: PendingState): PendingFriendWrites {
  const queuedSends: QueuedSend[] = [];
  const removing = new Set<string>();
  for (const entry of Object.values(state.entries)) {
    const action = actionOf(entry);
    if (action === 'send') {
      const handle = handleOf(entry);
      if (handle !== null) queuedSends.push({ key: entry.key, id: entry.doc_id, handle, since: entry.since });
    } else if (action === 'remove') {
      removing.add(entry.doc_id);
    }
  }
  queuedSends.sort((a, b) => a.since.localeCompare(b.since));
  return { queuedSends, removing };
}

export type FriendsErrorKey = FriendReasonKey | 'errors.invalidHandle' | 'errors.notFriends';
const COMMAND_KEYS: ReadonlySet<string> = new Set<FriendsErrorKey>([
  ...Object.values(BY_CODE),
  ...Object.values(FALLBACK),
  'errors.invalidHandle',
  'errors.notFriends',
]);

/** A friends command's refusal (`friends:errors.*`, src/db/commands/friends.ts) as a key of this namespace. */
export function commandErrorKey(message: string, fallback: FriendReasonKey): FriendsErrorKey {
  const key = message.startsWith('friends:') ? message.slice('friends:'.length) : '';
  return COMMAND_KEYS.has(key) ? (key as FriendsErrorKey) : fallback;
}
