import { Badge, Group, VisuallyHidden } from '@mantine/core';
import { IconBolt, IconCloudUpload, IconFlame } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import classes from './schedule.module.css';

/** What the page needs of the progression view model (src/features/progress, passed in by the route). */
export interface ProgressSummary {
  xp: number;
  level: number;
  currentStreak: number;
  settled: boolean;
}

interface Gain {
  amount: number;
  key: number;
}

/**
 * The last XP increase, for the pop animation: XP moves the moment a write lands locally (the local
 * progression), so the pop shows at once; when the server's numbers arrive they equal the local ones and
 * nothing pops again. A drop (a refused write rolled back) shows nothing.
 */
function useXpGain(xp: number | undefined): Gain | null {
  // "Adjusting state when a prop changes" (react.dev): compared during render, no effect needed.
  const [previous, setPrevious] = useState(xp);
  const [gain, setGain] = useState<Gain | null>(null);
  if (xp !== previous) {
    setPrevious(xp);
    if (previous !== undefined && xp !== undefined && xp > previous) {
      setGain({ amount: xp - previous, key: (gain?.key ?? 0) + 1 });
    }
  }
  return gain;
}

export function ProgressChips({ progress }: { progress: ProgressSummary | undefined }) {
  const { t } = useTranslation('schedule');
  const gain = useXpGain(progress?.xp);
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
