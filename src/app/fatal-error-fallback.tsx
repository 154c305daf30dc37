import type { i18n as I18n } from 'i18next';
import { reloadPage } from '@/lib/reload-page';
import classes from './fatal-error-fallback.module.css';

interface FatalErrorFallbackProps {
  i18n: I18n;
  message?: string | undefined;
}

/**
 * Full-page fallback for an uncaught rendering error. Plain markup and its own CSS (light and dark, following
 * the stored scheme or the system): the providers above it may be what failed.
 */
export function FatalErrorFallback({ i18n, message }: FatalErrorFallbackProps) {
  const t = i18n.getFixedT(null, 'errors');
  const text = message !== undefined && message.trim() !== '' ? message : t('fatal.unexpected');
  return (
    <div className={classes.page} role="alert">
      <div className={classes.card}>
        <div className={classes.symbol} aria-hidden="true">
          ⚠
        </div>
        <h1 className={classes.title}>{t('fatal.title')}</h1>
        <p className={classes.message}>{text}</p>
        <button type="button" className={classes.button} onClick={reloadPage}>
          {t('fatal.reload')}
        </button>
      </div>
    </div>
  );
}
