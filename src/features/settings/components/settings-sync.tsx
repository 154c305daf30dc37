import { useApplySyncedSettings } from '../data/use-apply-synced-settings';

/** Mounted once inside the signed-in layout: applies and records the synced settings (renders nothing). */
export function SettingsSync() {
  useApplySyncedSettings();
  return null;
}
