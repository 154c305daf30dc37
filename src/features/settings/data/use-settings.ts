import { useMantineColorScheme } from '@mantine/core';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useUserData } from '@/sync/user-data-context';
import { DEFAULT_SETTINGS, type UpdateSettingsInput } from '@/db/commands/settings';
import type { CommandResult } from '@/db/commands/result';
import type { UserSettingsDoc } from '@/db/schemas/user-settings';
import { resolveLanguage } from '@/domain/language';
import { toThemeSetting } from '../model/synced-values';
import { writeSettings } from './settings-writer';
import { useOwnSettings } from '@/sync/use-live';

export interface SettingsValues {
  /** The synced row; undefined while loading, null before it was ever written. */
  doc: UserSettingsDoc | null | undefined;
  haptics: boolean;
  sound: boolean;
  save: (patch: UpdateSettingsInput) => Promise<CommandResult<UserSettingsDoc>>;
}

/** My settings row, live, and the writer the page's controls use. */
export function useSettings(): SettingsValues {
  const { db, userId } = useUserData();
  const { i18n } = useTranslation();
  const { colorScheme } = useMantineColorScheme();
  const doc = useOwnSettings();
  const theme = toThemeSetting(colorScheme);
  const language = resolveLanguage(i18n.resolvedLanguage ?? i18n.language);
  const save = useCallback(
    (patch: UpdateSettingsInput) => writeSettings({ db, userId }, patch, { theme, language }),
    [db, userId, theme, language],
  );
  return {
    doc,
    haptics: doc?.haptics_enabled ?? DEFAULT_SETTINGS.haptics_enabled,
    sound: doc?.sound_enabled ?? DEFAULT_SETTINGS.sound_enabled,
    save,
  };
}
