// Who is at a gym now (docs/database.md, "Present now"): an open check-in from the last 3 hours.
import type { CheckInDoc } from '@/db/schemas/check-ins';

export const PRESENCE_WINDOW_MS = 3 * 60 * 60 * 1000;

/** A friend present at a gym: one row of the get_friends_at_gym RPC. */
export interface FriendAtGym {
  user_id: string;
  username: string;
  discriminator: string;
  slug: string;
  avatar_id: string | null;
  profile_picture_url: string | null;
  level: number;
  check_in_id: string;
  checked_in_at: string;
  last_active_at: string | null;
}

/** My check-in counts as "here" while open and younger than 3 hours (like the server's rule). */
export function isPresent(
  checkIn: Pick<CheckInDoc, 'checked_in_at' | 'checked_out_at'> | null | undefined,
  now: Date,
): boolean {
  if (!checkIn || checkIn.checked_out_at !== null) return false;
  return now.getTime() - Date.parse(checkIn.checked_in_at) < PRESENCE_WINDOW_MS;
}

/** The RPC's rows, checked: anything that is not an array of rows with an id and a name is dropped. */
export function parseFriendsAtGym(data: unknown): FriendAtGym[] {
  if (!Array.isArray(data)) return [];
  return data.filter(
    (row): row is FriendAtGym =>
      typeof row === 'object' &&
      row !== null &&
      typeof (row as FriendAtGym).user_id === 'string' &&
      typeof (row as FriendAtGym).username === 'string' &&
      typeof (row as FriendAtGym).checked_in_at === 'string',
  );
}

/** Which gym the presence list shows: the one I am at, else the chosen tab, else the first home gym. */
export function presenceGymId(
  homeGymIds: readonly string[],
  chosen: string | null,
  checkedInGymId: string | null,
): string | null {
  if (chosen !== null && homeGymIds.includes(chosen)) return chosen;
  if (checkedInGymId !== null && homeGymIds.includes(checkedInGymId)) return checkedInGymId;
  return homeGymIds[0] ?? null;
}
