import { IconFlame } from '@tabler/icons-react';
import { useEffect, useRef, useState, type CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { LOGIN_ANIMATION_PARTICLES, LOGIN_ANIMATION_SKIP_MS } from '@/domain/constants';
import { streakLabelKey } from '../model/login-animation';
import classes from './login-animation.module.css';

const PARTICLE_COLORS = ['#ffd43b', '#ff8787', '#63e6be', '#74c0fc'];

export interface LoginAnimationProps {
  streak: number;
  /** Index into motivation:login.messages (day of year modulo 93). */
  messageIndex: number;
  /** 5000 ms, or 3000 ms in the reduced-motion or touch variant. */
  durationMs: number;
  touch: boolean;
  onDone: () => void;
}

/**
 * The full-screen welcome after sign-in: the streak, the day's message, 8 particles. Dismisses itself
 * after `durationMs`; a tap, click or key press skips it (it fades out in 0.3 s).
 */
export function LoginAnimation({ streak, messageIndex, durationMs, touch, onDone }: LoginAnimationProps) {
  const { t } = useTranslation(['motivation', 'overlays']);
  const [closing, setClosing] = useState(false);
  const ref = useRef<HTMLDivElement>(null);
  const done = useRef(onDone);
  useEffect(() => {
    done.current = onDone;
  }, [onDone]);

  useEffect(() => {
    ref.current?.focus();
  }, []);

  useEffect(() => {
    const handle = setTimeout(() => done.current(), closing ? LOGIN_ANIMATION_SKIP_MS : durationMs);
    return () => clearTimeout(handle);
  }, [closing, durationMs]);

  const skip = () => setClosing(true);
  const messageKey = `login.messages.${messageIndex}`;
  const message = t(messageKey as 'login.messages.0', {
    ns: 'motivation',
    defaultValue: t('login.fallback', { ns: 'motivation' }),
  });

  return (
    <div
      ref={ref}
      role="dialog"
      aria-modal="true"
      aria-label={t('loginAnimation.label', { ns: 'overlays' })}
      aria-describedby="login-animation-message"
      tabIndex={-1}
      className={closing ? `${classes.overlay} ${classes.closing}` : classes.overlay}
      data-testid="login-animation"
      onClick={skip}
      onKeyDown={skip}
    >
      {Array.from({ length: LOGIN_ANIMATION_PARTICLES }, (_, i) => (
        <span
          key={i}
          aria-hidden
          data-particle
          className={classes.particle}
          style={
            {
              '--angle': `${(360 / LOGIN_ANIMATION_PARTICLES) * i}deg`,
              '--distance': `${120 + (i % 3) * 30}px`,
              animationDelay: `${(i % 4) * 150}ms`,
              background: PARTICLE_COLORS[i % PARTICLE_COLORS.length],
            } as CSSProperties
          }
        />
      ))}
      <IconFlame size={64} className={classes.flame} aria-hidden />
      <div className={classes.streak}>{streak}</div>
      <div className={classes.label}>{t(streakLabelKey(streak), { ns: 'motivation' })}</div>
      <p id="login-animation-message" className={classes.message}>
        {message}
      </p>
      <div className={classes.hint}>
        {touch ? t('login.tapToSkip', { ns: 'motivation' }) : t('login.clickToSkip', { ns: 'motivation' })}
      </div>
    </div>
  );
}
