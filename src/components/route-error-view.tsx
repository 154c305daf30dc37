import { Button, Center, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconRefresh, IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

interface RouteErrorViewProps {
  /** The error text to show; the translated "unexpected error" text when absent. */
  message?: string | undefined;
  onReload: () => void;
}

/** The spec's route error screen: 'Something went wrong', the error text, a Reload button. */
export function RouteErrorView({ message, onReload }: RouteErrorViewProps) {
  const { t } = useTranslation('errors');
  return (
    <Center mih="60vh" px="md" role="alert">
      <Stack align="center" gap="md" maw={480} ta="center">
        <ThemeIcon size={56} radius="xl" variant="light" color="red" aria-hidden>
          <IconAlertTriangle size={30} />
        </ThemeIcon>
        <Title order={1} fz="h2">
          {t('route.title')}
        </Title>
        <Text c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          {message !== undefined && message.trim() !== '' ? message : t('route.unexpected')}
        </Text>
        <Button leftSection={<IconRefresh size={18} />} onClick={onReload}>
          {t('route.reload')}
        </Button>
      </Stack>
    </Center>
  );
}
