import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { usePageTitle } from '@/lib/use-page-title';
import classes from './not-found-view.module.css';

/** 'Page Not Found' with a way home; shown for any path the router does not know. */
export function NotFoundView() {
  const { t } = useTranslation('errors');
  usePageTitle(t('notFound.title'));
  return (
    <Center mih="60vh" px="md">
      <Stack align="center" gap="md" maw={480} ta="center">
        <Text className={classes.code} aria-hidden>
          {t('notFound.code')}
        </Text>
        <Title order={1} fz="h2">
          {t('notFound.title')}
        </Title>
        <Text c="dimmed">{t('notFound.description')}</Text>
        <Button component={Link} to="/" leftSection={<IconArrowLeft size={18} />}>
          {t('notFound.backHome')}
        </Button>
      </Stack>
    </Center>
  );
}
