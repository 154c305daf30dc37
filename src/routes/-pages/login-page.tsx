import { Anchor, Text } from '@mantine/core';
import { IconLogin2 } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { InfoPage } from '@/components/info-page';

export function LoginPage() {
  const { t } = useTranslation('auth');
  return (
    <InfoPage
      icon={<IconLogin2 size={26} />}
      title={t('login.title')}
      paragraphs={[t('login.description')]}
      actions={
        <Text size="sm">
          {t('login.noAccount')}{' '}
          <Anchor component={Link} to="/register" fw={600}>
            {t('login.registerLink')}
          </Anchor>
        </Text>
      }
    />
  );
}
