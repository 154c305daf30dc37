import { Alert, Card, Group, Progress, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconConfetti, IconFlame, IconStar } from '@tabler/icons-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { hapticFeedback, soundFeedback } from '@/lib/feedback';
import type { ProgressSight } from '@/db/progress-sight';
import { useProgressMoments } from '@/lib/use-progress-moments';
import type { ProgressView } from '../model/progress-view';
import classes from './home.module.css';

/**
 * Streak (flame and days, or "No streak") and level with XP to the next level, live; gains and level-ups
 * since this device last saw them (`sight`) are celebrated.
 */
export function ProgressCards({
  progress,
  sight,
}: {
  progress: ProgressView | undefined;
  sight: ProgressSight;
}) {
  const { t, i18n } = useTranslation('home');
  const moments = useProgressMoments(progress, sight);
  useEffect(() => {
    if (moments.levelUp === null) return;
    hapticFeedback('success');
    soundFeedback('success');
  }, [moments.levelUp]);
  const streak = progress?.currentStreak ?? 0;
  const nf = new Intl.NumberFormat(i18n.language);
  return (
    <>
      <Card withBorder radius="lg" padding="lg" className={classes.statCard} data-testid="streak-card">
        <Group gap="md" wrap="nowrap">
          <ThemeIcon size={52} radius="xl" variant="light" color={streak > 0 ? 'orange' : 'gray'}>
            <IconFlame size={32} className={streak > 0 ? classes.flame : classes.flameOff} aria-hidden />
          </ThemeIcon>
          <Stack gap={2}>
            <Text size="xs" fw={700} tt="uppercase" c="dimmed" lts={0.5}>
              {t('progress.streak')}
            </Text>
            <Text fz={28} className={classes.bigNumber} data-testid="streak-value">
              {streak > 0 ? t('progress.days', { count: streak }) : t('progress.noStreak')}
            </Text>
            <Text size="sm" c="dimmed">
              {t('progress.best', { count: progress?.bestStreak ?? 0 })}
            </Text>
          </Stack>
        </Group>
      </Card>
      <Card withBorder radius="lg" padding="lg" className={classes.statCard} data-testid="level-card">
        {moments.gain ? (
          <Text key={moments.gain.key} className={classes.gain} aria-hidden data-testid="xp-gain">
            {t('progress.xpGain', { xp: moments.gain.amount })}
          </Text>
        ) : null}
        <Stack gap="xs">
          <Group gap="md" wrap="nowrap">
            <ThemeIcon size={52} radius="xl" variant="light" color="blue">
              <IconStar size={30} aria-hidden />
            </ThemeIcon>
            <Stack gap={2}>
              <Text size="xs" fw={700} tt="uppercase" c="dimmed" lts={0.5}>
                {t('progress.levelTitle')}
              </Text>
              <Text fz={28} className={classes.bigNumber} data-testid="level-value">
                {t('progress.level', { level: progress?.level ?? 1 })}
              </Text>
              <Text size="sm" c="dimmed" data-testid="xp-value">
                {t('progress.totalXp', { xp: nf.format(progress?.xp ?? 0) })}
              </Text>
            </Stack>
          </Group>
          <Progress
            value={progress?.percent ?? 0}
            size="lg"
            radius="xl"
            color="blue"
            striped={progress !== undefined && !progress.settled}
            aria-label={t('progress.progressLabel', { next: (progress?.level ?? 1) + 1 })}
          />
          <Group justify="space-between" gap={4}>
            <Text size="xs" c="dimmed">
              {t('progress.toNext', {
                into: nf.format(progress?.xpIntoLevel ?? 0),
                need: nf.format(progress?.xpForNext ?? 0),
                next: (progress?.level ?? 1) + 1,
              })}
            </Text>
            {progress && progress.pendingXp > 0 ? (
              <Text size="xs" c="var(--mantine-primary-color-light-color)" fw={600}>
                {t('progress.pending', { xp: progress.pendingXp })}
              </Text>
            ) : null}
          </Group>
          {moments.levelUp !== null ? (
            <Alert
              className={classes.levelUp}
              color="grape"
              variant="light"
              radius="md"
              icon={<IconConfetti aria-hidden />}
              title={t('progress.levelUp')}
              withCloseButton
              onClose={moments.dismissLevelUp}
              role="status"
            >
              {t('progress.levelUpText', { level: moments.levelUp })}
            </Alert>
          ) : null}
        </Stack>
      </Card>
    </>
  );
}
