import { Badge, Group, VisuallyHidden } from '@mantine/core';
import { IconBolt, IconCloudUpload, IconFlame } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { ProgressSight } from '@/db/progress-sight';
import { useProgressMoments } from '@/lib/use-progress-moments';
import classes from './schedule.module.css';

/** What the page needs of the progression view model (src/db/progress, passed in by the route). */
export interface ProgressSummary {
  xp: number;
  level: number;
  currentStreak: number;
  settled: boolean;
}

/**
 * Streak, XP and level chips. XP moves the moment a write lands locally (the local progression), so the
 * "+N XP" pop shows at once; the pop counts from what this device last showed (`sight`, shared with the
 * home page), so the server's equal numbers, or a new device's first pull, pop nothing.
 */
export function ProgressChips({
  progress,
  sight,
}: {
  progress: ProgressSummary | undefined;
  sight: ProgressSight;
}) {
  const { t } = useTranslation('schedule');
  const { gain } = useProgressMoments(progress, sight);
  if (!progress) return null;
  const streak = progress.currentStreak;
  return (
    <Group gap="xs" wrap="wrap" data-testid="schedule-progress">
      <Badge
        size="lg"
        radius="sm"
        variant="light"
        color={streak > 0 ? 'flame' : 'gray'}
        leftSection={<IconFlame size={16} aria-hidden />}
        data-testid="schedule-streak"
      >
        {streak > 0 ? t('stats.streak', { count: streak }) : t('stats.noStreak')}
      </Badge>
      <span className={classes.statChip}>
        <Badge
          size="lg"
          radius="sm"
          variant="light"
          leftSection={<IconBolt size={16} aria-hidden />}
          data-testid="schedule-xp"
        >
          {t('stats.xp', { xp: progress.xp })} · {t('stats.level', { level: progress.level })}
        </Badge>
        {gain && (
          <span key={gain.key} className={classes.xpPop} aria-hidden data-testid="schedule-xp-gain">
            {t('stats.gain', { count: gain.amount })}
          </span>
        )}
      </span>
      {!progress.settled && (
        <Badge
          size="lg"
          radius="sm"
          variant="default"
          leftSection={<IconCloudUpload size={16} aria-hidden />}
          title={t('stats.pending')}
        >
          <VisuallyHidden>{t('stats.pending')}</VisuallyHidden>
          <span aria-hidden>…</span>
        </Badge>
      )}
      <VisuallyHidden role="status" aria-live="polite">
        {gain ? t('stats.gain', { count: gain.amount }) : ''}
      </VisuallyHidden>
    </Group>
  );
}
