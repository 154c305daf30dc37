import { Button } from '@mantine/core';
import { IconUserCircle } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { InfoPage } from '@/components/info-page';

interface PublicProfilePageProps {
  /** The slug from /u/{slug}; absent for /p/{id}, where the name is not known until the profile loads. */
  name?: string;
}

/** The visitor's view of a profile. Loading the profile itself arrives with the data layer. */
export function PublicProfilePage({ name }: PublicProfilePageProps) {
  const { t } = useTranslation('profile');
  return (
    <InfoPage
      icon={<IconUserCircle size={26} />}
      title={name === undefined ? t('public.anonymousTitle') : t('public.title', { name })}
      paragraphs={[t('public.description')]}
      actions={
        <>
          <Button component={Link} to="/login">
            {t('public.signIn')}
          </Button>
          <Button component={Link} to="/register" variant="default">
            {t('public.register')}
          </Button>
        </>
      }
    />
  );
}
