import { useEffect, useRef, useState } from 'react';
import type { FriendRpc } from './friend-actions';

export interface RequestSender {
  username: string;
  discriminator: string;
  avatar_id: string | null;
  profile_picture_url: string | null;
}

function isSender(row: unknown): row is RequestSender {
  if (typeof row !== 'object' || row === null) return false;
  const r = row as Record<string, unknown>;
  return typeof r.username === 'string' && typeof r.discriminator === 'string';
}

/**
 * Who sent my pending requests. Only my own profile row is replicated, so the senders' public display
 * columns come from `get_public_profile` (online). A sender the server will not show (private profile) or
 * a failed call stays unknown and is shown as "a Spotter member"; each id is asked once per screen.
 */
export function useRequestSenders(
  sync: Pick<FriendRpc, 'rpc'>,
  senderIds: readonly string[],
): ReadonlyMap<string, RequestSender> {
  const [senders, setSenders] = useState<ReadonlyMap<string, RequestSender>>(new Map());
  const asked = useRef(new Set<string>());
  const mounted = useRef(true);
  const key = senderIds.join(',');

  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  useEffect(() => {
    const missing = key === '' ? [] : key.split(',').filter((id) => !asked.current.has(id));
    for (const id of missing) {
      asked.current.add(id);
      void sync.rpc('get_public_profile', { p_id: id }).then((result) => {
        if (!mounted.current || !result.ok) return;
        const row: unknown = Array.isArray(result.data) ? result.data[0] : result.data;
        if (!isSender(row)) return;
        setSenders((previous) => new Map(previous).set(id, row));
      });
    }
  }, [sync, key]);

  return senders;
}
