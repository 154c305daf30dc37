import { Button, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconBuildingStore } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** Shown while no home gym is set: what it is for, and the way to choose. */
export function HomeGymPrompt({ onChoose }: { onChoose: () => void }) {
  const { t } = useTranslation('gym');
  return (
    // The tour's "who is here" step points here while no home gym is set: it says to choose one first.
    <Paper
      withBorder
      radius="lg"
      p="xl"
      data-walkthrough="gym-presence"
      data-walkthrough-text="gymPresenceNoHomeGym"
    >
      <Stack align="center" ta="center" gap="sm">
        <ThemeIcon size={56} radius="xl" variant="light">
          <IconBuildingStore size={30} aria-hidden />
        </ThemeIcon>
        <Title order={2} size="h3">
          {t('prompt.title')}
        </Title>
        <Text c="dimmed" maw={420}>
          {t('prompt.body')}
        </Text>
        <Button onClick={onChoose} mt="xs">
          {t('homeGyms.choose')}
        </Button>
      </Stack>
    </Paper>
  );
}
