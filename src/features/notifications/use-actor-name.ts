import { useOnlineQuery } from '@/sync/use-online-query';

/**
 * The name to show for a notification's actor: the local profile (friends and me) first; for anyone
 * else (a stranger's friend request) the public profile, fetched online once and cached by the page.
 * Undefined (shown as "Someone") offline or when their profile is not visible to me.
 */
export function useActorName(actorId: string | null, localName: string | undefined): string | undefined {
  const online = useOnlineQuery<{ username: string }[]>(
    'get_public_profile',
    { p_id: actorId },
    { enabled: actorId !== null && localName === undefined },
  );
  if (localName !== undefined) return localName;
  const row = Array.isArray(online.data) ? online.data[0] : undefined;
  return typeof row?.username === 'string' ? row.username : undefined;
}
