import { Container, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { usePageTitle } from '@/lib/use-page-title';

interface AuthCardProps {
  icon: ReactNode;
  title: string;
  description: string;
  children: ReactNode;
  footer?: ReactNode;
}

/** The frame of the account pages: a centred card with icon, heading, a line of context and the form. */
export function AuthCard({ icon, title, description, children, footer }: AuthCardProps) {
  usePageTitle(title);
  return (
    <Container size={460} py={{ base: 'xl', sm: 56 }}>
      <Paper withBorder radius="lg" p={{ base: 'lg', sm: 'xl' }} shadow="sm">
        <Stack gap="lg">
          <Stack gap="xs">
            <ThemeIcon size={48} radius="md" variant="light" aria-hidden>
              {icon}
            </ThemeIcon>
            <Title order={1} fz="h2">
              {title}
            </Title>
            <Text c="dimmed" lh={1.55}>
              {description}
            </Text>
          </Stack>
          {children}
        </Stack>
      </Paper>
      {footer !== undefined && (
        <Text ta="center" size="sm" mt="lg">
          {footer}
        </Text>
      )}
    </Container>
  );
}
