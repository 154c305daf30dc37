import { Container, Group, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { usePageTitle } from '@/lib/use-page-title';

interface InfoPageProps {
  icon?: ReactNode;
  title: string;
  /** Paragraphs under the heading. */
  paragraphs: readonly string[];
  /** Links or buttons at the bottom. */
  actions?: ReactNode;
}

/** A short public page: icon, heading, a few paragraphs and the ways onward. */
export function InfoPage({ icon, title, paragraphs, actions }: InfoPageProps) {
  usePageTitle(title);
  return (
    <Container size={560} py={{ base: 'xl', sm: 64 }}>
      <Paper withBorder radius="lg" p={{ base: 'lg', sm: 'xl' }} shadow="xs">
        <Stack gap="md">
          {icon !== undefined && (
            <ThemeIcon size={48} radius="md" variant="light" aria-hidden>
              {icon}
            </ThemeIcon>
          )}
          <Title order={1} fz="h2">
            {title}
          </Title>
          {paragraphs.map((paragraph) => (
            <Text key={paragraph} c="dimmed" lh={1.6}>
              {paragraph}
            </Text>
          ))}
          {actions !== undefined && (
            <Group gap="sm" mt="xs">
              {actions}
            </Group>
          )}
        </Stack>
      </Paper>
    </Container>
  );
}
