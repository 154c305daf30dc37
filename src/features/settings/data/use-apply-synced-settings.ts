/**
 * Keeps this device and the user's synced settings row (user_settings) in agreement, on every protected
 * screen (mounted once by the `_app` layout through <SettingsSync />).
 *
 * - Row -> device: theme and language are applied whenever the row changes (another device, the first
 *   pull after sign-in), and the haptics and sound flags go to the feedback module. The row wins when the
 *   layout mounts: a fresh sign-in shows the account's choices, not whatever this browser had before.
 * - Device -> row: a theme or language changed here by any control (the compact toggle in the header, the
 *   language picker, the settings page) is written to the row, so it reaches the user's other devices.
 * - No row yet: once the first full pull has completed (so the server has none either), the row is created
 *   from what this device shows, so a second device picks up the choices made before signing in.
 *
 * The local copies (localStorage: Mantine's colour-scheme key and i18next's `i18nextLng`) stay the source
 * for the first paint and for signed-out pages.
 */
import { useMantineColorScheme } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useUserData } from '@/sync/user-data-context';
import type { UpdateSettingsInput } from '@/db/commands/settings';
import { syncMeta$ } from '@/db/local-state';
import { resolveLanguage } from '@/domain/language';
import { resetFeedbackPreferences, setFeedbackPreferences } from '@/lib/feedback';
import { toColorScheme, toThemeSetting, type DeviceChoices } from '../model/synced-values';
import { writeSettings } from './settings-writer';
import { useLive, useOwnSettings } from '@/sync/use-live';

export function useApplySyncedSettings(): void {
  const { db, userId } = useUserData();
  const { i18n } = useTranslation();
  const { colorScheme, setColorScheme } = useMantineColorScheme();
  const doc = useOwnSettings();
  const meta = useLive((db) => syncMeta$(db), []);

  const theme = toThemeSetting(colorScheme);
  const language = resolveLanguage(i18n.resolvedLanguage ?? i18n.language);

  // The latest device choices, read by the effects below without re-running them on every local change.
  const device = useRef<DeviceChoices>({ theme, language });
  // The row values last applied to this device (null until the row is first seen).
  const applied = useRef<DeviceChoices | null>(null);
  // The device choices at the previous run of the device -> row effect (null before its first run).
  const seen = useRef<DeviceChoices | null>(null);

  useEffect(() => {
    device.current = { theme, language };
  }, [theme, language]);

  // Feedback flags follow the row; back to the defaults when the user leaves the signed-in area.
  const haptics = doc?.haptics_enabled;
  const sound = doc?.sound_enabled;
  useEffect(() => {
    if (haptics !== undefined && sound !== undefined) setFeedbackPreferences({ haptics, sound });
  }, [haptics, sound]);
  useEffect(() => resetFeedbackPreferences, []);

  // Row -> device.
  const syncedTheme = doc?.theme;
  const syncedLanguage = doc?.language;
  useEffect(() => {
    if (syncedTheme === undefined || syncedLanguage === undefined) return;
    const before = applied.current;
    applied.current = { theme: syncedTheme, language: syncedLanguage };
    if ((before === null || before.theme !== syncedTheme) && device.current.theme !== syncedTheme) {
      setColorScheme(toColorScheme(syncedTheme));
    }
    if (
      (before === null || before.language !== syncedLanguage) &&
      device.current.language !== syncedLanguage
    ) {
      void i18n.changeLanguage(syncedLanguage);
    }
  }, [syncedTheme, syncedLanguage, setColorScheme, i18n]);

  // Device -> row.
  useEffect(() => {
    const before = seen.current;
    seen.current = { theme, language };
    if (before === null) return; // mounting: the row decides
    const synced = applied.current;
    const patch: UpdateSettingsInput = {};
    if (before.theme !== theme && synced?.theme !== theme) patch.theme = theme;
    if (before.language !== language && synced?.language !== language) patch.language = language;
    if (Object.keys(patch).length === 0) return;
    void writeSettings({ db, userId }, patch, { theme, language });
  }, [theme, language, db, userId]);

  // No row anywhere yet: create it from this device's choices once the first full pull says so. That
  // report can reach this page before the pulled row does (`doc` still null): the writer's seed then
  // only fills a row that is really missing, and leaves the pulled one as it is.
  const rowMissing = doc === null;
  const pulled = meta?.last_synced_at != null;
  useEffect(() => {
    if (!rowMissing || !pulled) return;
    void writeSettings({ db, userId }, {}, device.current);
  }, [rowMissing, pulled, db, userId]);
}
