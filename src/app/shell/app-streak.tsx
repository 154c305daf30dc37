import { VisuallyHidden } from '@mantine/core';
import { IconFlame } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import classes from './app-shell.module.css';

/** The streak: a flame and the days, or "No streak" at zero. */
export function AppStreak({ days }: { days: number }) {
  const { t } = useTranslation('shell');
  if (days <= 0) {
    return (
      <span className={classes.streak} data-testid="streak">
        {t('streak.none')}
      </span>
    );
  }
  return (
    <span className={classes.streak} data-testid="streak">
      <IconFlame size={18} className={classes.flame} aria-hidden />
      <span aria-hidden>{t('streak.days', { count: days })}</span>
      <VisuallyHidden component="span">{t('streak.label', { count: days })}</VisuallyHidden>
    </span>
  );
}
