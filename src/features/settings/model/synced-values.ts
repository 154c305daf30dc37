import type { MantineColorScheme } from '@mantine/core';
import type { Language } from '@/domain/language';
import type { UserSettingsDoc } from '@/db/schemas/user-settings';

export type ThemeSetting = UserSettingsDoc['theme'];

/** Mantine calls the "follow the device" scheme `auto`; the settings row calls it `system`. */
export const toColorScheme = (theme: ThemeSetting): MantineColorScheme =>
  theme === 'system' ? 'auto' : theme;
export const toThemeSetting = (scheme: MantineColorScheme): ThemeSetting =>
  scheme === 'auto' ? 'system' : scheme;

/** What the settings row carries that the device also keeps locally (localStorage) before sign-in. */
export interface DeviceChoices {
  theme: ThemeSetting;
  language: Language;
}

export const sameChoices = (a: DeviceChoices, b: DeviceChoices): boolean =>
  a.theme === b.theme && a.language === b.language;
