import { Alert } from '@mantine/core';
import { IconShieldLock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { LegalPage } from './legal-page';
import { useSections } from './use-sections';

const SECTIONS = ['controller', 'data', 'purposes', 'sharing', 'offline', 'retention', 'rights'];

export function PrivacyPage() {
  const { t } = useTranslation('legal');
  return (
    <LegalPage
      icon={<IconShieldLock size={26} />}
      title={t('privacy.title')}
      description={t('privacy.description')}
      sections={useSections('privacy', SECTIONS)}
    >
      {/* Spec: privacy requests are answered within 30 days. */}
      <Alert variant="light" title={t('nav.privacy')}>
        {t('privacy.requests')}
      </Alert>
    </LegalPage>
  );
}
