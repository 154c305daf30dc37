import { Paper, Stack, Title, type MantineSpacing } from '@mantine/core';
import type { ReactNode } from 'react';

export interface SectionCardProps {
  /** The heading's id; the section is labelled by it. */
  id: string;
  title: ReactNode;
  /** Space between the heading and each child. */
  gap?: MantineSpacing;
  children: ReactNode;
}

/** A titled section of a page: a bordered card whose level-2 heading names it (aria-labelledby). */
export function SectionCard({ id, title, gap = 'md', children }: SectionCardProps) {
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby={id}>
      <Stack gap={gap}>
        <Title order={2} fz="h4" id={id}>
          {title}
        </Title>
        {children}
      </Stack>
    </Paper>
  );
}
