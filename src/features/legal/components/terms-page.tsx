import { IconFileText } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { LegalPage } from './legal-page';
import { useSections } from './use-sections';

const SECTIONS = ['scope', 'account', 'conduct', 'health', 'beta', 'termination'];

export function TermsPage() {
  const { t } = useTranslation('legal');
  return (
    <LegalPage
      icon={<IconFileText size={26} />}
      title={t('terms.title')}
      description={t('terms.description')}
      sections={useSections('terms', SECTIONS)}
    />
  );
}
