import { Badge } from '@mantine/core';
import { badgeText } from '@/domain/badge';

interface AppCountBadgeProps {
  count: number;
  className?: string | undefined;
}

/**
 * A count badge (unread notifications, pending friend requests): hidden at zero, 1..9, then "9+". Its text
 * is for the eye; the control it sits on carries the count in its accessible name.
 */
export function AppCountBadge({ count, className }: AppCountBadgeProps) {
  const text = badgeText(count);
  if (text === null) return null;
  return (
    <Badge
      size="xs"
      circle={text.length === 1}
      variant="filled"
      color="red.8"
      className={className}
      aria-hidden
      data-testid="count-badge"
      style={{ pointerEvents: 'none' }}
    >
      {text}
    </Badge>
  );
}
