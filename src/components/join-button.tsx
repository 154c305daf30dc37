import { Button, Group, Modal, Stack, Text } from '@mantine/core';
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

export interface ReplaceWorkoutModalProps {
  opened: boolean;
  title: string;
  body: string;
  replaceLabel: string;
  keepLabel: string;
  busy: boolean;
  onReplace: () => void;
  onKeep: () => void;
}

/** The time-clash question: replace my workout at that time with the friend's, or keep mine. */
export function ReplaceWorkoutModal(props: ReplaceWorkoutModalProps) {
  return (
    <Modal opened={props.opened} onClose={props.onKeep} title={props.title} centered radius="lg">
      <Stack gap="lg">
        <Text size="sm">{props.body}</Text>
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={props.onKeep}>
            {props.keepLabel}
          </Button>
          <Button loading={props.busy} onClick={props.onReplace}>
            {props.replaceLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
