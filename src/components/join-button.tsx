import { Button } from '@mantine/core';
import { IconCheck, IconLock, IconUsersGroup } from '@tabler/icons-react';

export type JoinButtonStatus = 'join' | 'joining' | 'joined' | 'closed';

export interface JoinButtonProps {
  status: JoinButtonStatus;
  busy: boolean;
  labels: Record<JoinButtonStatus, string>;
  onJoin: () => void;
}

/**
 * Join a friend's workout: Join → Joining… (sent) → Joined or Closed. Only "Join" acts; the other states
 * keep their look (aria-disabled, not greyed out) and say where the request stands.
 */
export function JoinButton({ status, busy, labels, onJoin }: JoinButtonProps) {
  const icon =
    status === 'joined' ? (
      <IconCheck size={12} aria-hidden />
    ) : status === 'closed' ? (
      <IconLock size={12} aria-hidden />
    ) : (
      <IconUsersGroup size={12} aria-hidden />
    );
  return (
    <Button
      size="compact-xs"
      radius="xl"
      variant={status === 'joined' ? 'filled' : 'light'}
      color={status === 'closed' ? 'gray' : 'indigo'}
      leftSection={icon}
      aria-disabled={status !== 'join' || busy}
      data-join-status={status}
      onClick={() => {
        if (status === 'join' && !busy) onJoin();
      }}
    >
      {labels[status]}
    </Button>
  );
}
