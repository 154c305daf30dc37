// The rows of the server's `discover_people` (public profiles that are not me and not my friends; who shows
// one of my gyms first, then friends of friends, then by level: hidden home gyms never rank). Rows are checked before they reach the
// screen: an answer of another shape shows as nothing rather than as a broken row.
import { formatHandle } from '@/domain/identity';

export const DISCOVER_PAGE = 20;
/** The server's cap on p_limit. */
export const DISCOVER_MAX = 100;

export interface DiscoverPerson {
  id: string;
  username: string;
  discriminator: string;
  handle: string;
  avatar_id: string | null;
  profile_picture_url: string | null;
  level: number;
  friendship_status: 'none' | 'request_sent' | 'request_received';
}

const text = (v: unknown): string | null => (typeof v === 'string' ? v : null);

export function discoverPeople(data: unknown): DiscoverPerson[] {
  if (!Array.isArray(data)) return [];
  const people: DiscoverPerson[] = [];
  for (const row of data as Record<string, unknown>[]) {
    const id = text(row?.id);
    const username = text(row?.username);
    const discriminator = text(row?.discriminator);
    if (!id || !username || discriminator === null) continue;
    let handle: string;
    try {
      handle = formatHandle(username, discriminator);
    } catch {
      continue;
    }
    const status = row.friendship_status;
    people.push({
      id,
      username,
      discriminator,
      handle,
      avatar_id: text(row.avatar_id),
      profile_picture_url: text(row.profile_picture_url),
      level: typeof row.level === 'number' ? row.level : 1,
      friendship_status: status === 'request_sent' || status === 'request_received' ? status : 'none',
    });
  }
  return people;
}

/**
 * The server's list as this device knows it now: someone who became a friend here (a request just
 * accepted, on this device or another) is no longer someone to discover, though the list was fetched
 * before; their row said "Sent you a request" until the next fetch (issue 37).
 */
export function withoutLocalFriends(
  people: readonly DiscoverPerson[],
  friendIds: ReadonlySet<string>,
): DiscoverPerson[] {
  return people.filter((person) => !friendIds.has(person.id));
}

/** The RPC's arguments: a blank search is no search. */
export function discoverArgs(search: string, shown: number): Record<string, unknown> {
  const trimmed = search.trim();
  return {
    p_limit: Math.min(Math.max(shown, DISCOVER_PAGE), DISCOVER_MAX),
    p_offset: 0,
    p_search: trimmed === '' ? null : trimmed.slice(0, 40),
  };
}
