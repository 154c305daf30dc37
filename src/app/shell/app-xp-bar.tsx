import { Progress } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { LocalProgress } from '@/db/progress/local-progress';
import classes from './app-shell.module.css';

/** The share of the way to the next level, under the header. Empty (0 %) while progress loads. */
export function AppXpBar({ progress }: { progress: LocalProgress | undefined }) {
  const { t } = useTranslation('shell');
  const level = progress?.level ?? 1;
  const percent = progress?.percent ?? 0;
  const value = t('progress.xpValue', {
    into: progress?.xpIntoLevel ?? 0,
    need: progress?.xpForNext ?? 0,
  });
  return (
    <Progress.Root size={4} radius={0} className={classes.xpBar} title={value}>
      <Progress.Section
        value={percent}
        aria-label={t('progress.xpBar', { next: level + 1 })}
        aria-valuetext={`${percent} % · ${value}`}
        data-testid="xp-bar"
      />
    </Progress.Root>
  );
}
