import { Anchor } from '@mantine/core';
import { IconKey } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { InfoPage } from '@/components/info-page';

export function ResetPasswordPage() {
  const { t } = useTranslation('auth');
  return (
    <InfoPage
      icon={<IconKey size={26} />}
      title={t('resetPassword.title')}
      paragraphs={[t('resetPassword.description')]}
      actions={
        <Anchor component={Link} to="/login" size="sm" fw={600}>
          {t('resetPassword.backToSignIn')}
        </Anchor>
      }
    />
  );
}
