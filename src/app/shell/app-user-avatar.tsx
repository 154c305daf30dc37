import { Avatar, type AvatarProps } from '@mantine/core';
import type { AvatarSource } from '@/domain/avatars';
import { shownAvatar } from '@/lib/shown-avatar';

interface AppUserAvatarProps extends Pick<AvatarProps, 'size' | 'radius'> {
  profile: AvatarSource | null | undefined;
}

/**
 * The user's picture, built-in avatar or initial (src/domain/avatars). Decorative: the name is always shown
 * or spoken next to it. An image that fails to load falls back to the initial.
 */
export function AppUserAvatar({ profile, size = 36, radius = 'xl' }: AppUserAvatarProps) {
  const { src, initial } = shownAvatar(profile ?? {});
  return (
    <Avatar src={src} alt="" size={size} radius={radius} color="spotter" variant="filled" aria-hidden>
      {initial}
    </Avatar>
  );
}
