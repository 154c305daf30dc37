// @clock-sensitive: wall-clock timestamps
import { describe, expect, it } from 'vitest';
import { emptyPendingState, type FailedWrite, type PendingEntry } from '@/db/pending-writes';
import { commandErrorKey, friendReasonKey, friendRefusals, pendingFriendWrites } from './friend-ledger';

const AT = new Date().toISOString();

function failed(fn: string, args: Record<string, string>, code: string): FailedWrite {
  return {
    key: `k:${fn}:${code}`,
    collection: 'friend_requests',
    doc_id: 'x',
    request: { type: 'rpc', fn, args },
    error: { code, message: 'm', at: AT },
  };
}

function entry(
  key: string,
  fn: string,
  args: Record<string, string>,
  docId: string,
  since = AT,
): PendingEntry {
  return {
    key,
    seq: 1,
    kind: 'intent',
    collection: fn === 'remove_friend' ? 'friendships' : 'friend_requests',
    doc_id: docId,
    since,
    updated_at: since,
    request: { type: 'rpc', fn, args },
    patch: {},
    previous: null,
    attempts: 0,
    last_error: null,
    queue_id: null,
  };
}

describe('friend ledger', () => {
  it('maps the server codes to the spec messages, else the action’s generic failure', () => {
    expect(friendReasonKey('send', 'SPF01')).toBe('errors.self');
    expect(friendReasonKey('send', 'SPF02')).toBe('errors.alreadyFriends');
    expect(friendReasonKey('send', 'SPF03')).toBe('errors.requestExists');
    expect(friendReasonKey('send', 'SPF04')).toBe('errors.userNotFound');
    expect(friendReasonKey('send', '42501')).toBe('errors.sendFailed');
    expect(friendReasonKey('respond', 'SPF07')).toBe('errors.requestGone');
    expect(friendReasonKey('cancel', 'PGRST202')).toBe('errors.cancelFailed');
    expect(friendReasonKey('remove', 'x')).toBe('errors.removeFailed');
    expect(commandErrorKey('friends:errors.invalidHandle', 'errors.sendFailed')).toBe('errors.invalidHandle');
    expect(commandErrorKey('errors:data.invalidInput', 'errors.sendFailed')).toBe('errors.sendFailed');
    expect(commandErrorKey('friends:nope', 'errors.removeFailed')).toBe('errors.removeFailed');
  });

  it('keeps only friend refusals, with the handle of a send', () => {
    const refusals = friendRefusals([
      failed('add_friend_by_handle', { p_handle: 'mia#0007', p_id: 'id1' }, 'SPF04'),
      failed('respond_friend_request', { p_request_id: 'r' }, 'SPF07'),
      failed('flex_activity', { p_id: 'f' }, 'P0001'),
    ]);
    expect(refusals).toMatchObject([
      { action: 'send', handle: 'mia#0007', reason: 'errors.userNotFound' },
      { action: 'respond', handle: null, reason: 'errors.requestGone' },
    ]);
  });

  it('lists queued sends oldest first and the friends being removed', () => {
    const later = new Date(Date.now() + 1000).toISOString();
    const state = {
      ...emptyPendingState(),
      entries: {
        b: entry('b', 'add_friend_by_handle', { p_handle: 'zoe#0002', p_id: 'id2' }, 'id2', later),
        a: entry('a', 'add_friend_by_handle', { p_handle: 'mia#0007', p_id: 'id1' }, 'id1'),
        r: entry('r', 'remove_friend', { p_friend_id: 'f1' }, 'f1'),
        c: entry('c', 'cancel_friend_request', { p_request_id: 'q' }, 'q'),
      },
    };
    const writes = pendingFriendWrites(state);
    expect(writes.queuedSends.map((s) => s.handle)).toEqual(['mia#0007', 'zoe#0002']);
    expect([...writes.removing]).toEqual(['f1']);
  });
});
