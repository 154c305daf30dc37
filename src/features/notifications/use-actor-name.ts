import type { AvatarSource } from '@/domain/avatars';
import { useOnlineQuery } from '@/sync/use-online-query';

export type Actor = AvatarSource & { username: string };

/**
 * The actor to show for a notification (name and avatar): the local profile (friends and me) first; for
 * anyone else (a stranger's friend request) the public profile, fetched online once and cached by the
 * page. Undefined (shown as "Someone") offline or when their profile is not visible to me.
 */
export function useActor(actorId: string | null, local: Actor | undefined): Actor | undefined {
  const online = useOnlineQuery<Actor[]>(
    'get_public_profile',
    { p_id: actorId },
    { enabled: actorId !== null && local === undefined },
  );
  if (local !== undefined) return local;
  const row = Array.isArray(online.data) ? online.data[0] : undefined;
  return typeof row?.username === 'string' ? row : undefined;
}
