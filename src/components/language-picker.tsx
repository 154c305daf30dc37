import { NativeSelect } from '@mantine/core';
import { IconLanguage } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { isSupportedLanguage, resolveLanguage, SUPPORTED_LANGUAGES } from '@/domain/language';

/**
 * en, de and it, each in its own name; the detector remembers the choice. A native select on purpose: it is
 * what phones present best, and it keeps the positioning library out of the landing bundle.
 */
export function LanguagePicker() {
  const { t, i18n } = useTranslation();
  const current = resolveLanguage(i18n.resolvedLanguage ?? i18n.language);

  return (
    <NativeSelect
      aria-label={t('language.change')}
      value={current}
      onChange={(event) => {
        const next = event.currentTarget.value;
        if (isSupportedLanguage(next)) void i18n.changeLanguage(next);
      }}
      leftSection={<IconLanguage size={18} stroke={1.75} aria-hidden />}
      size="sm"
      w={{ base: 84, xs: 140 }}
      data={SUPPORTED_LANGUAGES.map((language) => ({
        value: language,
        label: t(`language.names.${language}`),
      }))}
    />
  );
}
