// The friends list on /profile: the server's list (`list_user_friends_with_status`, 20 a page, search)
// when it answers, otherwise the friends this device knows (the replicated `friendships` and friends'
// `profiles`), so the list is never empty offline. Local rows show while the first answer is on its way;
// `source` says which one is on screen. Friends whose removal is queued are left out at once.
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { friendships, profilesByName } from '@/db/queries';
import type { ProfileDoc } from '@/db/schemas';
import type { SpotterDatabase } from '@/db/types';
import type { FriendRpc } from './friend-actions';
import { useLiveSource } from '@/db/use-live-query';

export const FRIENDS_PAGE = 20;

export interface FriendRow {
  id: string;
  username: string;
  discriminator: string;
  avatar_id: string | null;
  profile_picture_url: string | null;
  level: number;
  current_streak: number;
  /** The gym they are checked in at now (a friend's open check-in), else null. */
  gym: string | null;
}

export interface FriendsList {
  rows: readonly FriendRow[];
  /** `server`: the server's list; `local`: this device's friends (the server did not answer). */
  source: 'server' | 'local' | 'loading';
  hasMore: boolean;
  loadingMore: boolean;
  loadMore: () => void;
}

interface ServerState {
  key: string;
  rows: FriendRow[];
  done: boolean;
}

function toRow(raw: unknown): FriendRow | null {
  if (typeof raw !== 'object' || raw === null) return null;
  const r = raw as Record<string, unknown>;
  if (typeof r.id !== 'string' || typeof r.username !== 'string' || typeof r.discriminator !== 'string') {
    return null;
  }
  if (r.friendship_status !== undefined && r.friendship_status !== 'friend') return null;
  return {
    id: r.id,
    username: r.username,
    discriminator: r.discriminator,
    avatar_id: typeof r.avatar_id === 'string' ? r.avatar_id : null,
    profile_picture_url: typeof r.profile_picture_url === 'string' ? r.profile_picture_url : null,
    level: typeof r.level === 'number' ? r.level : 1,
    current_streak: typeof r.current_streak === 'number' ? r.current_streak : 0,
    gym: null,
  };
}

const rowsOf = (data: unknown): FriendRow[] =>
  (Array.isArray(data) ? data : []).map(toRow).filter((row): row is FriendRow => row !== null);

const matches = (p: ProfileDoc, search: string) =>
  search === '' ||
  p.username.toLowerCase().includes(search) ||
  `${p.first_name ?? ''} ${p.last_name ?? ''}`.toLowerCase().includes(search);

export function useFriendsList(options: {
  db: SpotterDatabase;
  userId: string;
  sync: Pick<FriendRpc, 'rpc'>;
  search: string;
  removing: ReadonlySet<string>;
}): FriendsList {
  const { db, userId, sync, removing } = options;
  const search = options.search.trim().toLowerCase();
  const links = useLiveSource(() => friendships(db, userId), [db, userId]);
  const ids = useMemo(() => (links ?? []).map((l) => l.friend_id).sort(), [links]);
  const idsKey = ids.join(',');
  const profiles = useLiveSource(
    () => profilesByName(db, idsKey === '' ? [] : idsKey.split(',')),
    [db, idsKey],
  );

  const [server, setServer] = useState<ServerState | null>(null);
  const [failedKey, setFailedKey] = useState<string | null>(null);
  const [gyms, setGyms] = useState<ReadonlyMap<string, string>>(new Map());
  const [localLimit, setLocalLimit] = useState(FRIENDS_PAGE);
  const [loadingMore, setLoadingMore] = useState(false);
  const [online, setOnline] = useState(0);
  const loaded = useRef(FRIENDS_PAGE);
  // A new search, a changed friend set (accepted, removed) or coming back online reads the list again.
  const key = `${userId}|${search}|${idsKey}|${online}`;

  useEffect(() => {
    const again = () => setOnline((n) => n + 1);
    window.addEventListener('online', again);
    return () => window.removeEventListener('online', again);
  }, []);

  useEffect(() => {
    let live = true;
    const limit = Math.min(Math.max(loaded.current, FRIENDS_PAGE), 100);
    void sync
      .rpc('list_user_friends_with_status', {
        p_target_user_id: userId,
        p_limit: limit,
        p_offset: 0,
        p_search: search === '' ? null : search,
      })
      .then((result) => {
        if (!live) return;
        if (!result.ok) {
          setFailedKey(key);
          return;
        }
        const rows = rowsOf(result.data);
        loaded.current = Math.max(rows.length, FRIENDS_PAGE);
        setServer({ key, rows, done: rows.length < limit });
      });
    void sync.rpc('get_friends_checked_in', {}).then((result) => {
      if (!live || !result.ok || !Array.isArray(result.data)) return;
      const next = new Map<string, string>();
      for (const raw of result.data as unknown[]) {
        const r = raw as Record<string, unknown>;
        if (typeof r.user_id === 'string')
          next.set(r.user_id, typeof r.gym_name === 'string' ? r.gym_name : '');
      }
      setGyms(next);
    });
    return () => {
      live = false;
    };
  }, [sync, userId, search, key]);

  const fresh = server !== null && server.key === key;
  const useServer = server !== null && (fresh || failedKey !== key);
  const source: FriendsList['source'] = fresh ? 'server' : failedKey === key ? 'local' : 'loading';

  const localRows = useMemo(
    () =>
      (profiles ?? [])
        .filter((p) => matches(p, search))
        .map((p): FriendRow => ({
          id: p.id,
          username: p.username,
          discriminator: p.discriminator,
          avatar_id: p.avatar_id,
          profile_picture_url: p.profile_picture_url,
          level: p.level,
          current_streak: p.current_streak,
          gym: null,
        })),
    [profiles, search],
  );

  const base = useServer && source !== 'local' ? server.rows : localRows.slice(0, localLimit);
  const rows = useMemo(
    () =>
      base.filter((row) => !removing.has(row.id)).map((row) => ({ ...row, gym: gyms.get(row.id) ?? null })),
    [base, removing, gyms],
  );
  const hasMore = useServer && source !== 'local' ? !server.done : localRows.length > localLimit;

  const loadMore = useCallback(() => {
    if (!(useServer && source !== 'local')) {
      setLocalLimit((n) => n + FRIENDS_PAGE);
      return;
    }
    setLoadingMore(true);
    const offset = server.rows.length;
    void sync
      .rpc('list_user_friends_with_status', {
        p_target_user_id: userId,
        p_limit: FRIENDS_PAGE,
        p_offset: offset,
        p_search: search === '' ? null : search,
      })
      .then((result) => {
        setLoadingMore(false);
        if (!result.ok) return;
        const page = rowsOf(result.data);
        setServer((previous) => {
          if (previous?.key !== key) return previous;
          const seen = new Set(previous.rows.map((r) => r.id));
          const rows = [...previous.rows, ...page.filter((r) => !seen.has(r.id))];
          loaded.current = rows.length;
          return { key, rows, done: page.length < FRIENDS_PAGE };
        });
      });
  }, [useServer, source, server, sync, userId, search, key]);

  return { rows, source, hasMore, loadingMore, loadMore };
}
