import type { ProfileDoc } from '@/db/schemas';
import { formatHandle } from '@/domain/identity';
import type { LocalProgress } from '@/db/progress/local-progress';

export type ShellProfile = Pick<
  ProfileDoc,
  'username' | 'discriminator' | 'avatar_id' | 'profile_picture_url' | 'level' | 'current_streak'
>;

/** What the shell shows about the user: name, product ID, level and streak. */
export interface ShellIdentity {
  profile: ShellProfile | null;
  username: string;
  /** `username#0420`, or null before the profile is pulled (or with a malformed discriminator). */
  handle: string | null;
  level: number;
  streak: number;
}

/** Level and streak come from the local progression (it counts local writes at once), else the profile. */
export function shellIdentity(
  profile: ShellProfile | null | undefined,
  progress: LocalProgress | undefined,
): ShellIdentity {
  let handle: string | null = null;
  if (profile) {
    try {
      handle = formatHandle(profile.username, profile.discriminator);
    } catch {
      handle = null;
    }
  }
  return {
    profile: profile ?? null,
    username: profile?.username ?? '',
    handle,
    level: progress?.level ?? profile?.level ?? 1,
    streak: progress?.currentStreak ?? profile?.current_streak ?? 0,
  };
}
