import { Anchor, Group, Stack, Text } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { APP_VERSION } from '@/domain/constants';
import { SettingsSection } from './settings-section';

const LEGAL_LINKS = [
  { to: '/impressum', key: 'about.impressum' },
  { to: '/datenschutz', key: 'about.privacy' },
  { to: '/terms', key: 'about.terms' },
] as const;

/** Legal links and the app version. */
export function AboutSection() {
  const { t } = useTranslation('settings');
  return (
    <SettingsSection title={t('about.heading')}>
      <Stack gap={6}>
        <Text fw={600} size="sm" id="settings-legal-links">
          {t('about.legal')}
        </Text>
        <Group component="nav" aria-labelledby="settings-legal-links" gap="lg">
          {LEGAL_LINKS.map((link) => (
            <Anchor key={link.to} component={Link} to={link.to} size="sm" py={4}>
              {t(link.key)}
            </Anchor>
          ))}
        </Group>
      </Stack>
      <Group gap="xs">
        <Text fw={600} size="sm">
          {t('about.version')}
        </Text>
        <Text size="sm" c="dimmed" data-testid="app-version">
          {t('about.versionValue', { version: APP_VERSION })}
        </Text>
      </Group>
    </SettingsSection>
  );
}
