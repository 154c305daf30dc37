import { Avatar, type AvatarProps } from '@mantine/core';
import { resolveAvatar, type AvatarSource } from '@/domain/avatars';

interface AppUserAvatarProps extends Pick<AvatarProps, 'size' | 'radius'> {
  profile: AvatarSource | null | undefined;
}

/**
 * The user's picture, built-in avatar or initial (src/domain/avatars). Decorative: the name is always shown
 * or spoken next to it. An image that fails to load falls back to the initial.
 */
export function AppUserAvatar({ profile, size = 36, radius = 'xl' }: AppUserAvatarProps) {
  const { src, initial } = resolveAvatar(profile ?? {});
  return (
    <Avatar src={src} alt="" size={size} radius={radius} color="spotter" variant="filled" aria-hidden>
      {initial}
    </Avatar>
  );
}
