import { useEffect, useRef, useState } from 'react';
import type { FriendRpc } from './friend-actions';

export interface RequestSender {
  username: string;
  discriminator: string;
  avatar_id: string | null;
  profile_picture_url: string | null;
}

/**
 * What is known of one sender: `loading` until the server answered; `known` with the public display
 * columns; `hidden` when the server answered without a row (a private profile); `unreachable` when the
 * call failed (offline): asked again when the device is back online.
 */
export type SenderState =
  | { status: 'loading' }
  | { status: 'known'; sender: RequestSender }
  | { status: 'hidden' }
  | { status: 'unreachable' };

const LOADING: SenderState = { status: 'loading' };

function isSender(row: unknown): row is RequestSender {
  if (typeof row !== 'object' || row === null) return false;
  const r = row as Record<string, unknown>;
  return typeof r.username === 'string' && typeof r.discriminator === 'string';
}

/**
 * Who sent (or received) my pending requests. Only my own profile row is replicated, so their public
 * display columns come from `get_public_profile` (online). Each id is asked once per screen; a failed call
 * is asked again on the browser's `online` event.
 */
export function useRequestSenderStates(
  sync: Pick<FriendRpc, 'rpc'>,
  senderIds: readonly string[],
): (id: string) => SenderState {
  const [states, setStates] = useState<ReadonlyMap<string, SenderState>>(new Map());
  const asked = useRef(new Set<string>());
  const mounted = useRef(true);
  const [online, setOnline] = useState(0);
  const key = senderIds.join(',');

  useEffect(() => {
    mounted.current = true;
    const back = () => setOnline((n) => n + 1);
    globalThis.addEventListener?.('online', back);
    return () => {
      mounted.current = false;
      globalThis.removeEventListener?.('online', back);
    };
  }, []);

  useEffect(() => {
    const missing = key === '' ? [] : key.split(',').filter((id) => !asked.current.has(id));
    for (const id of missing) {
      asked.current.add(id);
      void sync.rpc('get_public_profile', { p_id: id }).then((result) => {
        if (!mounted.current) return;
        let state: SenderState;
        if (!result.ok) {
          // Asked again once the device is back online.
          asked.current.delete(id);
          state = { status: 'unreachable' };
        } else {
          const row: unknown = Array.isArray(result.data) ? result.data[0] : result.data;
          state = isSender(row) ? { status: 'known', sender: row } : { status: 'hidden' };
        }
        setStates((previous) => {
          // A retry that fails again keeps nothing new; a known sender is never forgotten.
          if (previous.get(id)?.status === 'known' && state.status !== 'known') return previous;
          return new Map(previous).set(id, state);
        });
      });
    }
  }, [sync, key, online]);

  return (id) => states.get(id) ?? LOADING;
}

/** The senders known so far (the outgoing list shows the others as "a Spotter member"). */
export function useRequestSenders(
  sync: Pick<FriendRpc, 'rpc'>,
  senderIds: readonly string[],
): ReadonlyMap<string, RequestSender> {
  const stateOf = useRequestSenderStates(sync, senderIds);
  const known = new Map<string, RequestSender>();
  for (const id of senderIds) {
    const state = stateOf(id);
    if (state.status === 'known') known.set(id, state.sender);
  }
  return known;
}
