// Online friend RPCs through the sync worker's client (same token, same client-info header). /profile
// writes friend requests as ledger intents instead (src/db/commands/friends.ts: shown at once, queued
// offline, delivered once); these online calls remain for screens that need the server's answer at once.
import type { SyncWorkerClient } from '@/sync/sync-worker-client';
import { friendErrorKey, type FriendErrorKey } from '../model/friend-errors';

export type FriendRpc = Pick<SyncWorkerClient, 'rpc' | 'syncNow'>;

export type FriendActionResult<T> = { ok: true; value: T } | { ok: false; message: FriendErrorKey };

/** Accept or decline a request sent to me (`respond_friend_request`); replaying the same answer is fine. */
export async function respondToFriendRequest(
  sync: FriendRpc,
  requestId: string,
  accept: boolean,
): Promise<FriendActionResult<'accepted' | 'declined'>> {
  const result = await sync.rpc('respond_friend_request', { p_request_id: requestId, p_accept: accept });
  if (!result.ok) return { ok: false, message: friendErrorKey('respond', result.error) };
  void sync.syncNow();
  return { ok: true, value: accept ? 'accepted' : 'declined' };
}

/**
 * Sends a request to `username#1234` (`add_friend_by_handle`). `sent`: a request is on its way; `friends`:
 * they had already asked me, so we are friends now (the server answers 2).
 */
export async function addFriendByHandle(
  sync: FriendRpc,
  handle: string,
): Promise<FriendActionResult<'sent' | 'friends'>> {
  const result = await sync.rpc('add_friend_by_handle', { p_handle: handle.trim() });
  if (!result.ok) return { ok: false, message: friendErrorKey('send', result.error) };
  void sync.syncNow();
  return { ok: true, value: result.data === 2 ? 'friends' : 'sent' };
}
