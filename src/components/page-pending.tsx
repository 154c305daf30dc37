import { Center, Loader } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** Shown while a page chunk or its translations load (only after the router's pending delay). */
export function PagePending() {
  const { t } = useTranslation();
  return (
    <Center mih="40vh" role="status" aria-label={t('status.loading')}>
      <Loader type="dots" />
    </Center>
  );
}
