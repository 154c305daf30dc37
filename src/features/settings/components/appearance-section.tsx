import { SegmentedControl, useMantineColorScheme } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { isSupportedLanguage, resolveLanguage, SUPPORTED_LANGUAGES } from '@/domain/language';
import { useSettings } from '../data/use-settings';
import { toColorScheme, toThemeSetting, type ThemeSetting } from '../model/synced-values';
import { SettingField } from './setting-field';
import { SettingsSection } from './settings-section';

const THEMES: readonly ThemeSetting[] = ['light', 'dark', 'system'];
const isTheme = (value: string): value is ThemeSetting => (THEMES as readonly string[]).includes(value);

/** Theme (light, dark, system) and language: applied here at once, and written to the synced row. */
export function AppearanceSection() {
  const { t, i18n } = useTranslation(['settings', 'common']);
  const { colorScheme, setColorScheme } = useMantineColorScheme();
  const { save } = useSettings();
  const theme = toThemeSetting(colorScheme);
  const language = resolveLanguage(i18n.resolvedLanguage ?? i18n.language);

  return (
    <SettingsSection title={t('appearance.heading')}>
      <SettingField label={t('appearance.theme')} hint={t('appearance.themeHint')}>
        {({ labelId, hintId }) => (
          <SegmentedControl
            aria-labelledby={labelId}
            aria-describedby={hintId}
            fullWidth
            value={theme}
            onChange={(value) => {
              if (!isTheme(value)) return;
              setColorScheme(toColorScheme(value));
              void save({ theme: value });
            }}
            data={THEMES.map((value) => ({ value, label: t(`appearance.${value}`) }))}
          />
        )}
      </SettingField>
      <SettingField label={t('appearance.language')} hint={t('appearance.languageHint')}>
        {({ labelId, hintId }) => (
          <SegmentedControl
            aria-labelledby={labelId}
            aria-describedby={hintId}
            fullWidth
            value={language}
            onChange={(value) => {
              if (!isSupportedLanguage(value)) return;
              void i18n.changeLanguage(value);
              void save({ language: value });
            }}
            data={SUPPORTED_LANGUAGES.map((value) => ({
              value,
              label: <span lang={value}>{t(`common:language.names.${value}`)}</span>,
            }))}
          />
        )}
      </SettingField>
    </SettingsSection>
  );
}
