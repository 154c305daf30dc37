import { useTranslation } from 'react-i18next';
import { hapticFeedback, setFeedbackPreferences, soundFeedback } from '@/lib/feedback';
import { useSettings } from '../data/use-settings';
import { SettingSwitch } from './setting-switch';
import { SettingsSection } from './settings-section';

/** Haptics and sound switches; switching one on gives a sample of it at once. */
export function FeedbackSection() {
  const { t } = useTranslation('settings');
  const { haptics, sound, save } = useSettings();

  return (
    <SettingsSection title={t('feedback.heading')}>
      <SettingSwitch
        label={t('feedback.haptics')}
        hint={t('feedback.hapticsHint')}
        checked={haptics}
        onChange={(on) => {
          // Ahead of the row's round trip, so the sample below already follows the new choice.
          setFeedbackPreferences({ haptics: on });
          if (on) hapticFeedback('tap');
          void save({ haptics_enabled: on });
        }}
      />
      <SettingSwitch
        label={t('feedback.sound')}
        hint={t('feedback.soundHint')}
        checked={sound}
        onChange={(on) => {
          setFeedbackPreferences({ sound: on });
          if (on) soundFeedback('tap');
          void save({ sound_enabled: on });
        }}
      />
    </SettingsSection>
  );
}
