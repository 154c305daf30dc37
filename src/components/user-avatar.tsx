import { Avatar, type AvatarProps } from '@mantine/core';
import type { AvatarSource } from '@/domain/avatars';
import { shownAvatar } from '@/lib/shown-avatar';

export interface UserAvatarProps extends Pick<AvatarProps, 'size' | 'radius'> {
  /** Whose avatar: a profile row, a friend, a feed or leaderboard row. Null or missing shows 'U'. */
  profile: AvatarSource | null | undefined;
  /**
   * The image's text. Empty (the default) makes the avatar decorative and hidden from screen readers: most
   * avatars sit next to the name they show.
   */
  alt?: string;
  'data-testid'?: string;
}

/**
 * The one avatar of the app (spec, "Avatar rule", in src/domain/avatars): the uploaded picture, else the
 * built-in avatar, else the upper-case first character of the username ('U' without one). Every screen
 * (header, sidebar, cards, friends, discover, gym, notifications, feed, leaderboard, profile) uses this,
 * so a name shows the same initial everywhere. An image that fails to load falls back to the initial.
 */
export function UserAvatar({ profile, size = 38, radius = 'xl', alt = '', ...others }: UserAvatarProps) {
  const { src, initial } = shownAvatar(profile ?? {});
  return (
    <Avatar
      src={src}
      alt={alt}
      size={size}
      radius={radius}
      color="spotter"
      variant="filled"
      aria-hidden={alt === '' ? true : undefined}
      {...others}
    >
      {initial}
    </Avatar>
  );
}
