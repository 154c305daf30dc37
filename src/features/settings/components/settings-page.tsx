import { Container, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { usePageTitle } from '@/lib/use-page-title';
import { AboutSection } from './about-section';
import { AccountSection } from './account-section';
import { AppearanceSection } from './appearance-section';
import { ExportSection } from './export-section';
import { FeedbackSection } from './feedback-section';
import { SettingsSection } from './settings-section';
import { TwoFactorSection } from './two-factor-section';

interface SettingsPageProps {
  /**
   * PUSH NOTIFICATIONS SLOT: the push toggle of src/features/push, passed in by the route
   * (src/routes/settings.lazy.tsx), because features never import each other. The section shows only
   * when a control is given.
   */
  pushControl?: ReactNode;
}

/** /settings: theme, language, push, haptics, sound, two-factor, account, data export, legal, version. */
export function SettingsPage({ pushControl }: SettingsPageProps) {
  const { t } = useTranslation('settings');
  usePageTitle(t('title'));
  return (
    <Container size={720} py={{ base: 'md', sm: 'xl' }} px={{ base: 'sm', sm: 'md' }}>
      <Stack gap="lg">
        <div>
          <Title order={1}>{t('title')}</Title>
          <Text c="dimmed" mt={4}>
            {t('description')}
          </Text>
        </div>
        <AppearanceSection />
        {pushControl !== undefined && (
          <SettingsSection title={t('notifications.heading')}>{pushControl}</SettingsSection>
        )}
        <FeedbackSection />
        <TwoFactorSection />
        <AccountSection />
        <ExportSection />
        <AboutSection />
      </Stack>
    </Container>
  );
}
