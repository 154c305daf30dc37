import { VisuallyHidden } from '@mantine/core';
import { IconFlame } from '@tabler/icons-react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { STREAK_POP_MS } from '@/domain/constants';
import classes from './streak-pop.module.css';

/** The '+1' that pops beside the streak for 900 ms; then `onDone`. */
export function StreakPop({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation('overlays');
  const done = useRef(onDone);
  useEffect(() => {
    done.current = onDone;
  }, [onDone]);
  useEffect(() => {
    const handle = setTimeout(() => done.current(), STREAK_POP_MS);
    return () => clearTimeout(handle);
  }, []);

  return (
    <div className={classes.pop} role="status" data-testid="streak-pop">
      <span aria-hidden>+1</span>
      <IconFlame size={18} aria-hidden />
      <VisuallyHidden>{t('streakPop.label')}</VisuallyHidden>
    </div>
  );
}
