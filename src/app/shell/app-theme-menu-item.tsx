import { Menu, useComputedColorScheme, useMantineColorScheme } from '@mantine/core';
import { IconMoon, IconSun } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/**
 * The compact theme toggle as a menu entry (a menu may only hold items): flips light and dark like
 * src/components/theme-toggle and keeps the menu open, so the user sees the result.
 */
export function AppThemeMenuItem() {
  const { t } = useTranslation();
  const { setColorScheme } = useMantineColorScheme();
  const computed = useComputedColorScheme('light', { getInitialValueInEffect: false });
  const next = computed === 'dark' ? 'light' : 'dark';
  const Icon = computed === 'dark' ? IconSun : IconMoon;
  return (
    <Menu.Item
      closeMenuOnClick={false}
      leftSection={<Icon size={18} aria-hidden />}
      onClick={() => setColorScheme(next)}
    >
      {next === 'dark' ? t('theme.switchToDark') : t('theme.switchToLight')}
    </Menu.Item>
  );
}
