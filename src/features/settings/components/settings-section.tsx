import { Paper, Stack, Title } from '@mantine/core';
import { useId, type ReactNode } from 'react';

/** One titled card of the settings page; the heading names the region for screen readers. */
export function SettingsSection({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <Paper component="section" aria-labelledby={id} withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
      <Title order={2} fz="h4" id={id} mb="md">
        {title}
      </Title>
      <Stack gap="lg">{children}</Stack>
    </Paper>
  );
}
