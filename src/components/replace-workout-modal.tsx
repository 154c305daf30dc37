import { Button, Group, Modal, Stack, Text } from '@mantine/core';

// Its own module, loaded only when a join clashes (join-control.tsx): Mantine's Modal brings its scroll
// area, focus trap, scroll lock and floating-ui helpers, about 30 KB gzipped the first screen does not need.

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
