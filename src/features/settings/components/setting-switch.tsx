import { Group, Switch, Text } from '@mantine/core';
import { useId } from 'react';

interface SettingSwitchProps {
  label: string;
  hint: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
}

/**
 * A settings row: label and hint on the left, the switch on the right. The hint describes the switch
 * (aria-describedby) instead of joining its accessible name, which Mantine's own description would do.
 */
export function SettingSwitch({ label, hint, checked, onChange }: SettingSwitchProps) {
  const id = useId();
  const hintId = useId();
  return (
    <Group justify="space-between" wrap="nowrap" align="flex-start" gap="md">
      <div>
        <Text component="label" htmlFor={id} fw={600} size="sm">
          {label}
        </Text>
        <Text id={hintId} size="sm" c="dimmed">
          {hint}
        </Text>
      </div>
      <Switch
        id={id}
        size="md"
        aria-describedby={hintId}
        checked={checked}
        onChange={(event) => onChange(event.currentTarget.checked)}
      />
    </Group>
  );
}
