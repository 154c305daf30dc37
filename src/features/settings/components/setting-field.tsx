import { Stack, Text } from '@mantine/core';
import { useId, type ReactNode } from 'react';

/**
 * A labelled control that has no label of its own (segmented controls): the label and hint are tied to it
 * through aria-labelledby / aria-describedby, which the render prop receives.
 */
export function SettingField({
  label,
  hint,
  children,
}: {
  label: string;
  hint?: string;
  children: (aria: { labelId: string; hintId: string | undefined }) => ReactNode;
}) {
  const labelId = useId();
  const hintId = useId();
  return (
    <Stack gap={6}>
      <div>
        <Text component="div" id={labelId} fw={600} size="sm">
          {label}
        </Text>
        {hint !== undefined && (
          <Text id={hintId} size="sm" c="dimmed">
            {hint}
          </Text>
        )}
      </div>
      {children({ labelId, hintId: hint === undefined ? undefined : hintId })}
    </Stack>
  );
}
