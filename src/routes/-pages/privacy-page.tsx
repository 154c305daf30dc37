import { Anchor } from '@mantine/core';
import { IconShieldLock } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { InfoPage } from '@/components/info-page';

export function PrivacyPage() {
  const { t } = useTranslation('legal');
  return (
    <InfoPage
      icon={<IconShieldLock size={26} />}
      title={t('privacy.title')}
      paragraphs={[t('privacy.description'), t('privacy.requests')]}
      actions={
        <>
          <Anchor component={Link} to="/impressum" size="sm" fw={600}>
            {t('privacy.impressumLink')}
          </Anchor>
          <Anchor component={Link} to="/" size="sm">
            {t('backHome')}
          </Anchor>
        </>
      }
    />
  );
}
