import { Anchor } from '@mantine/core';
import { IconScale } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { InfoPage } from '@/components/info-page';

export function ImpressumPage() {
  const { t } = useTranslation('legal');
  return (
    <InfoPage
      icon={<IconScale size={26} />}
      title={t('impressum.title')}
      paragraphs={[t('impressum.description'), t('impressum.beta')]}
      actions={
        <>
          <Anchor component={Link} to="/datenschutz" size="sm" fw={600}>
            {t('impressum.privacyLink')}
          </Anchor>
          <Anchor component={Link} to="/" size="sm">
            {t('backHome')}
          </Anchor>
        </>
      }
    />
  );
}
