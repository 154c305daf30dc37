import { IconLanguage, IconSelector } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { isSupportedLanguage, resolveLanguage, SUPPORTED_LANGUAGES } from '@/domain/language';
import classes from './language-picker.module.css';

/**
 * en, de and it, each in its own name; the detector remembers the choice. A native select (what phones
 * present best, and no positioning library in the landing bundle), invisible over a compact face that shows
 * the language code on phones and the name on wider screens.
 */
export function LanguagePicker() {
  const { t, i18n } = useTranslation();
  const current = resolveLanguage(i18n.resolvedLanguage ?? i18n.language);

  return (
    <div className={classes.root}>
      <IconLanguage size={18} stroke={1.75} aria-hidden />
      <span className={classes.short} aria-hidden>
        {current.toUpperCase()}
      </span>
      <span className={classes.long} aria-hidden>
        {t(`language.names.${current}`)}
      </span>
      <IconSelector size={14} stroke={1.75} aria-hidden className={classes.chevron} />
      <select
        className={classes.select}
        aria-label={t('language.change')}
        value={current}
        onChange={(event) => {
          const next = event.currentTarget.value;
          if (isSupportedLanguage(next)) void i18n.changeLanguage(next);
        }}
      >
        {SUPPORTED_LANGUAGES.map((language) => (
          <option key={language} value={language} lang={language}>
            {t(`language.names.${language}`)}
          </option>
        ))}
      </select>
    </div>
  );
}
