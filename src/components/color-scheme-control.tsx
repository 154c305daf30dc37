import { SegmentedControl, useMantineColorScheme, type MantineColorScheme } from '@mantine/core';
import { useTranslation } from 'react-i18next';

const isColorScheme = (value: string): value is MantineColorScheme =>
  value === 'light' || value === 'dark' || value === 'auto';

/** The full theme choice (light, dark, system) for settings; "system" follows the device. */
export function ColorSchemeControl() {
  const { t } = useTranslation();
  const { colorScheme, setColorScheme } = useMantineColorScheme();
  return (
    <SegmentedControl
      aria-label={t('theme.label')}
      value={colorScheme}
      onChange={(value) => {
        if (isColorScheme(value)) setColorScheme(value);
      }}
      data={[
        { value: 'light', label: t('theme.light') },
        { value: 'dark', label: t('theme.dark') },
        { value: 'auto', label: t('theme.system') },
      ]}
    />
  );
}
