import { Group, Progress, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconBarbell, IconFlame, IconMapPin, IconSparkles } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import classes from './landing.module.css';

/** A drawn preview of the home screen: streak, level, today's plan, friends at the gym, a flex. */
export function AppPreview() {
  const { t } = useTranslation('landing');
  const rows = [
    { icon: IconBarbell, text: t('preview.today'), color: 'spotter' },
    { icon: IconMapPin, text: t('preview.atGym'), color: 'teal' },
    { icon: IconSparkles, text: t('preview.flex'), color: 'flame' },
  ] as const;
  return (
    <figure className={classes.preview} aria-label={t('preview.label')} style={{ margin: 0 }}>
      <Stack gap="md">
        <Group justify="space-between">
          <Group gap={6}>
            <IconFlame size={24} className={classes.flame} aria-hidden />
            <Text fw={800}>{t('preview.streak')}</Text>
          </Group>
          <Text fw={700} size="sm" c="dimmed">
            {t('preview.level')}
          </Text>
        </Group>
        <Stack gap={4}>
          <Progress value={65} size="lg" radius="xl" aria-hidden />
          <Text size="xs" c="dimmed" ta="end">
            {t('preview.xp')}
          </Text>
        </Stack>
        {rows.map(({ icon: Icon, text, color }) => (
          <Group key={text} gap="sm" wrap="nowrap" className={classes.previewRow}>
            <ThemeIcon variant="light" color={color} radius="md" size={34} aria-hidden>
              <Icon size={18} />
            </ThemeIcon>
            <Text size="sm" fw={600}>
              {text}
            </Text>
          </Group>
        ))}
      </Stack>
    </figure>
  );
}
