import { IconScale } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { LegalPage } from './legal-page';
import { useSections } from './use-sections';

const SECTIONS = ['provider', 'represented', 'contact', 'register', 'responsible', 'dispute', 'liability'];

export function ImpressumPage() {
  const { t } = useTranslation('legal');
  return (
    <LegalPage
      icon={<IconScale size={26} />}
      title={t('impressum.title')}
      description={t('impressum.description')}
      sections={useSections('impressum', SECTIONS)}
    />
  );
}
