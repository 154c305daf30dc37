import { Anchor, Text } from '@mantine/core';
import { IconUserPlus } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { InfoPage } from '@/components/info-page';

export function RegisterPage() {
  const { t } = useTranslation('auth');
  return (
    <InfoPage
      icon={<IconUserPlus size={26} />}
      title={t('register.title')}
      paragraphs={[t('register.description')]}
      actions={
        <Text size="sm">
          {t('register.haveAccount')}{' '}
          <Anchor component={Link} to="/login" fw={600}>
            {t('register.signInLink')}
          </Anchor>
        </Text>
      }
    />
  );
}
